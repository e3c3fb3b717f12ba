// The audit log, in time order.
function (doc) {
  if (doc.type === 'audit') {
    emit(doc.at, null);
  }
}
