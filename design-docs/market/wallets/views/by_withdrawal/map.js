// A withdrawal's wallet: its agent, by withdrawal id (the admin routes name the withdrawal only).
function (doc) {
  if (doc.type !== 'wallet') return;
  for (var i = 0; i < doc.withdrawals.length; i++) emit(doc.withdrawals[i].id, doc.agent_id);
}
