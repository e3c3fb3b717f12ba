// Review windows with a step left (a reminder, or the close that publishes a lone review), by
// when it is due; the order timers' sweep reads the range up to now (routes/reviews/review-timers.ts).
function (doc) {
  if (doc.type !== 'review_window' || !doc.next_at) return;
  emit(doc.next_at, null);
}
