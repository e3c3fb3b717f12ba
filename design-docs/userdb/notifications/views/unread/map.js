// Unread notifications by creation date, counted for the header badge (at most the badge's cap
// of rows is read: api/src/routes/notifications/notifications.service.ts). In a design document
// of its own: reading a view first indexes what was written since for every view of its design
// document, and the `app` views index every document (by_type) and every message, so counting
// the badge there made GET /api/user wait on a member's whole recent history. Here the wait is a
// type check per document written since the last count.
function (doc) {
  if (doc.type === 'notification' && !doc.read_at) {
    emit(doc.created_at, null);
  }
}
