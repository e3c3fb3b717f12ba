// Contact messages, open ones apart from handled ones, in time order.
function (doc) {
  if (doc.type === 'contact_message') {
    emit([doc.handled_at ? 'handled' : 'open', doc.created_at], null);
  }
}
