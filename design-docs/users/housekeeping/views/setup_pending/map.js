// Accounts whose registration stopped before its later steps were all done (`setup_pending`:
// database, _security, design documents, mail, notification), by creation time. The API's
// upkeep completes those older than a minute (a younger one may be under way).
function (doc) {
  if (doc.type === 'user' && doc.setup_pending === true) emit(doc.created_at, null);
}
