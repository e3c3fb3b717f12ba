// Leaderboard points from projects (the one rule, api/src/schemas/reviews.ts REVIEW_POINTS, shared
// with order reviews): a lecturer's review of a participant adds the points of its rating to the
// participant's entry for the expertise they applied with. Summed by user and expertise.
function (doc) {
  if (doc.type !== 'project_review') return;
  var points = { 1: 0, 2: 0, 3: 10, 4: 30, 5: 50 };
  var r = Math.min(5, Math.max(1, Math.round(doc.rating)));
  emit([doc.subject_id, doc.expertise], points[r]);
}
