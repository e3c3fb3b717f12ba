// Orders per gig: open ones ("orders in queue", and a gig with one cannot be deleted) and all.
function (doc) {
  if (doc.type !== 'order') return;
  var open = ['pending_payment', 'in_progress', 'delivered', 'revision_requested', 'disputed'];
  emit([doc.gig.id, open.indexOf(doc.status) !== -1 ? 'open' : 'closed'], null);
}
