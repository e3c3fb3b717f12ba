// Jobs with events not yet published (mirror, notifications, mail, an accepted offer's order).
function (doc) {
  if (doc.type !== 'job') return;
  if (doc.outbox && doc.outbox.length) emit(doc.updated_at, null);
}
