// Money moved per kind of entry, currency and month (the admin's finance page, over time).
function (doc) {
  if (doc.type !== 'entry') return;
  emit([doc.kind, doc.currency, String(doc.at).slice(0, 7)], doc.amount);
}
