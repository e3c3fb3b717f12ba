// Reviews whose publication, hiding or unhiding is not yet reflected in the gig document's
// rating, or whose author has not yet been told it was published (a crash came between): the
// sweep finishes both and clears the flags.
function (doc) {
  if (doc.type !== 'review' || !(doc.gig_sync || doc.notify_published)) return;
  emit(doc.updated_at, null);
}
