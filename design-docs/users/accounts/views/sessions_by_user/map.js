// Sessions of each user, with their revision, so account deletion can remove them all.
function (doc) {
  if (doc.type === 'session') {
    emit(doc.user_id, { rev: doc._rev });
  }
}
