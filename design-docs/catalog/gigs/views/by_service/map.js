// Gigs per service (any status): a service with gigs cannot be deleted, and the admin sees counts.
function (doc) {
  if (doc.type === 'gig' && doc.service_id) {
    emit(doc.service_id, null);
  }
}
