// Documents by type and id, so the API can read one kind (wishlists, project box) at a time.
function (doc) {
  if (typeof doc.type === 'string') {
    emit([doc.type, doc._id], null);
  }
}
