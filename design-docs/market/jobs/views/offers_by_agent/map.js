// An agent's offers (My offers), newest first when read descending.
function (doc) {
  if (doc.type !== 'offer') return;
  emit([doc.agent_id, doc.created_at], null);
}
