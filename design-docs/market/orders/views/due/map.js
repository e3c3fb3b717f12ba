// Orders a timer must look at, by when: payment expiry of unpaid orders and auto-completion of
// delivered ones (api/src/routes/orders/order-timers.ts reads the range up to now).
function (doc) {
  if (doc.type !== 'order') return;
  if (doc.status === 'pending_payment' && doc.expires_at) emit(doc.expires_at, null);
  if (doc.status === 'delivered' && doc.auto_complete_at) emit(doc.auto_complete_at, null);
}
