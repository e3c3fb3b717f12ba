// Messages of each conversation in the order they were sent (pending ones last, by creation).
function (doc) {
  if (doc.type === 'message' && doc.conversation_id) {
    emit([doc.conversation_id, doc.sent_at || doc.created_at], { status: doc.status, from_me: doc.from_me === true });
  }
}
