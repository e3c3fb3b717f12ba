// Every agent's withdrawals for the admin queue: by status and under '*', newest first when read
// descending. The value is the withdrawal's id inside its wallet. Reduced, the count.
function (doc) {
  if (doc.type !== 'wallet') return;
  for (var i = 0; i < doc.withdrawals.length; i++) {
    var w = doc.withdrawals[i];
    emit([w.status, w.requested_at], w.id);
    emit(['*', w.requested_at], w.id);
  }
}
