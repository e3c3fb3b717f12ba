// Balances per account and currency (api/src/routes/orders/ledger.ts): each entry adds its
// amount to the account it goes to and takes it from the one it comes from. A release is keyed
// by when it clears, so an agent's pending and available balances are two ranges of one key.
function (doc) {
  if (doc.type !== 'entry') return;
  emit([doc.to, doc.currency, doc.clears_at || ''], doc.amount);
  emit([doc.from, doc.currency, ''], -doc.amount);
}
