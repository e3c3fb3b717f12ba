// Moderation lists (GET /api/admin/reviews): reported (not hidden), hidden, published and every
// review past publication, latest first when read descending. Pending reviews are nobody's but
// their author's (double-blind) and never listed. Reduced, the count per status.
function (doc) {
  if (doc.type !== 'review' || doc.status !== 'published') return;
  emit(['*', doc.updated_at], null);
  if (doc.hidden) emit(['hidden', doc.hidden.at], null);
  else {
    emit(['published', doc.published_at], null);
    if (doc.report_count > 0) emit(['reported', doc.reported_at], null);
  }
}
