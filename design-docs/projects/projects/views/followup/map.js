// Projects with events not yet published (mirrors, notifications, mail, decisions to settle).
function (doc) {
  if (doc.type !== 'project') return;
  if (doc.outbox && doc.outbox.length) emit(doc.updated_at, null);
}
