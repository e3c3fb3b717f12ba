// Audit entries about one record (a user, a service, a post), in time order.
function (doc) {
  if (doc.type === 'audit' && doc.target) {
    emit([doc.target, doc.at], null);
  }
}
