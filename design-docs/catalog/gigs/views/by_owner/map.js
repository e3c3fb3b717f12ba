// Gigs per agent, for the agent's pages and the admin's user details.
function (doc) {
  if (doc.type === 'gig' && doc.owner_id) {
    emit(doc.owner_id, null);
  }
}
