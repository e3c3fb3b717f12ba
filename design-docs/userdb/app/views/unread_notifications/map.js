// Unread notifications by creation date; reduced with _count for the header badge.
function (doc) {
  if (doc.type === 'notification' && !doc.read_at) {
    emit(doc.created_at, null);
  }
}
