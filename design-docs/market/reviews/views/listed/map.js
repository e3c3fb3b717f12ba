// Published, not hidden reviews in the order pages show them, read descending with paging:
// a gig's customer reviews (newest, or most helpful then newest) and the reviews a member
// received, in the role they received them in and under '*'. Pending reviews never appear
// (double-blind), hidden ones leave every list.
function (doc) {
  if (doc.type !== 'review' || doc.status !== 'published' || doc.hidden) return;
  var at = doc.published_at;
  var helpful = doc.helpful_count || 0;
  var role = doc.author_role === 'customer' ? 'agent' : 'customer';
  // An order from an offer on a job may name no gig (gig.id null): listed on the member only.
  if (doc.author_role === 'customer' && doc.gig.id) {
    emit(['gig', doc.gig.id, 'newest', at], null);
    emit(['gig', doc.gig.id, 'helpful', helpful, at], null);
  }
  emit(['user', doc.subject_id, role, 'newest', at], null);
  emit(['user', doc.subject_id, role, 'helpful', helpful, at], null);
  emit(['user', doc.subject_id, '*', 'newest', at], null);
  emit(['user', doc.subject_id, '*', 'helpful', helpful, at], null);
}
