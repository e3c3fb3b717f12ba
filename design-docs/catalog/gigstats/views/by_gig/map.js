// A gig's views and wishlist saves per day (gigstat documents), summed per gig for all-time totals.
function (doc) {
  if (doc.type === 'gigstat' && doc.gig_id) {
    emit(doc.gig_id, [doc.views || 0, doc.savers ? doc.savers.length : 0]);
  }
}
