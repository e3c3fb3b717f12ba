// Orders with work left after a transition: events not yet published (ledger entries, mirrors,
// notifications, mail) or a payment whose outcome is not recorded yet. Resumed at start and on
// every timer tick (api/src/routes/orders/order-followup.ts).
function (doc) {
  if (doc.type !== 'order') return;
  var processing = doc.payment && doc.payment.status === 'processing';
  if ((doc.outbox && doc.outbox.length) || processing) emit(doc.updated_at, null);
}
