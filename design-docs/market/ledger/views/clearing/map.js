// Released money by when it clears, all agents together: what is still clearing is the range
// after now (the admin's finance page).
function (doc) {
  if (doc.type === 'entry' && doc.kind === 'release' && doc.clears_at) emit([doc.currency, doc.clears_at], doc.amount);
}
