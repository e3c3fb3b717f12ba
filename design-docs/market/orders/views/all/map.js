// Every order for the admin: by status and under '*', newest first when read descending;
// disputes are the 'disputed' range. Reduced, the count per status.
function (doc) {
  if (doc.type !== 'order') return;
  emit([doc.status, doc.updated_at], null);
  emit(['*', doc.updated_at], null);
}
