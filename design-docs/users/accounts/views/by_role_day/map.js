// Sign-ups per role and UTC day, for the admin dashboard: key [role, 'YYYY-MM-DD'].
function (doc) {
  if (doc.type === 'user' && typeof doc.created_at === 'string') {
    emit([doc.role, doc.created_at.slice(0, 10)], 1);
  }
}
