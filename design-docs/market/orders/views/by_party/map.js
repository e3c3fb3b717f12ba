// Each party's orders (My Orders): under the status and under '*' (every status), newest
// change first when read descending. Reduced, the count per status for the tabs.
function (doc) {
  if (doc.type !== 'order') return;
  emit([doc.customer_id, 'customer', doc.status, doc.updated_at], null);
  emit([doc.customer_id, 'customer', '*', doc.updated_at], null);
  emit([doc.agent_id, 'agent', doc.status, doc.updated_at], null);
  emit([doc.agent_id, 'agent', '*', doc.updated_at], null);
}
