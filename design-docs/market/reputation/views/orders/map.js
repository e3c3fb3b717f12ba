// An agent's record in the rolling window (api/src/routes/reputation/reputation.service.ts):
// each order's first delivery by when it came (1 when by the due date), and each paid order that
// ended, completed or cancelled, by when it ended (1 when cancelled). Reduced with _stats, a
// range's sum over its count is the on-time rate or the cancellation rate.
function (doc) {
  if (doc.type !== 'order') return;
  var first = doc.deliveries && doc.deliveries[0];
  if (first && doc.due_at) {
    emit([doc.agent_id, 'delivery', first.at], Date.parse(first.at) <= Date.parse(doc.due_at) ? 1 : 0);
  }
  if (doc.paid_at && doc.status === 'completed' && doc.completed_at) {
    emit([doc.agent_id, 'ended', doc.completed_at], 0);
  }
  if (doc.paid_at && doc.status === 'cancelled' && doc.cancelled_at) {
    emit([doc.agent_id, 'ended', doc.cancelled_at], 1);
  }
}
