// Leaderboard points (the one rule, api/src/schemas/reviews.ts REVIEW_POINTS; a unit test keeps
// the two equal): each published, not hidden review of an agent by a customer adds the points of
// its overall rating to the agent's entry for the gig's service. Summed by user and expertise.
function (doc) {
  if (doc.type !== 'review' || doc.status !== 'published' || doc.hidden) return;
  if (doc.author_role !== 'customer') return;
  var points = { 1: 0, 2: 0, 3: 10, 4: 30, 5: 50 };
  var r = Math.min(5, Math.max(1, Math.round(doc.rating)));
  emit([doc.subject_id, doc.gig.service_id], points[r]);
}
