// Pending party invitations waiting for the invitee's answer (GET /api/party "invitations"),
// oldest first. A leader's own invitations are read by id range (`partyinvite:<leader>:`).
function (doc) {
  if (doc.type !== 'party_invite' || doc.status !== 'pending') return;
  emit([doc.invitee_id, doc.created_at], null);
}
