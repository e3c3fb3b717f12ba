// Sessions and password-reset tokens by the moment they stopped counting, key [type, time]: a
// session when it expired or was revoked, a reset token when it expired or was used. The purge
// reads the range that ended long enough ago, with each revision to delete it. A design
// document of its own: adding it did not rebuild the index of `accounts`.
function (doc) {
  if (doc.type !== 'session' && doc.type !== 'password_reset') return;
  var end = typeof doc.expires_at === 'string' ? doc.expires_at : null;
  var early = doc.type === 'session' ? doc.revoked_at : doc.used_at;
  if (typeof early === 'string' && (end === null || early < end)) end = early;
  if (end !== null) emit([doc.type, end], { rev: doc._rev });
}
