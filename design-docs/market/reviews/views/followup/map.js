// Reviews whose publication, hiding or unhiding is not yet reflected in the gig document's
// rating (a crash came between): the sweep brings the gig up to date and clears the flag.
function (doc) {
  if (doc.type !== 'review' || !doc.gig_sync) return;
  emit(doc.updated_at, null);
}
