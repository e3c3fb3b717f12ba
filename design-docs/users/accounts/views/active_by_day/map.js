// Sign-ins per UTC day and user: distinct users over a range of days are the active users.
function (doc) {
  if (doc.type === 'session' && typeof doc.created_at === 'string') {
    emit([doc.created_at.slice(0, 10), doc.user_id], null);
  }
}
