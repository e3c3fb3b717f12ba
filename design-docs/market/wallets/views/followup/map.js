// Wallets with events not yet published (entries, mirror, notifications): the sweep resumes them.
function (doc) {
  if (doc.type === 'wallet' && doc.outbox && doc.outbox.length) emit(doc.updated_at, null);
}
