// An agent's portfolio projects in the order their profile shows them (position, then newest).
function (doc) {
  if (doc.type === 'portfolio' && doc.owner_id) {
    emit([doc.owner_id, doc.position, doc.created_at], null);
  }
}
