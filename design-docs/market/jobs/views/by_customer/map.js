// A customer's jobs (My Jobs), newest first when read descending.
function (doc) {
  if (doc.type !== 'job') return;
  emit([doc.customer_id, doc.created_at], null);
}
