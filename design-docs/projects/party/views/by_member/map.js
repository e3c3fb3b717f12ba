// The parties a student is a member of (GET /api/party "member", leaving): each member of a
// `party:<leader>` document under their user id. The leader is not a member of their own party.
function (doc) {
  if (doc.type !== 'party') return;
  for (var i = 0; i < doc.members.length; i++) emit(doc.members[i].user_id, null);
}
