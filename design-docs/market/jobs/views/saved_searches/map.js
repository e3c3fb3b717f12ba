// Agents' saved searches of the jobs board by the service they filter on ('*': any), so a new
// job is matched against its service's searches and the unfiltered ones only.
function (doc) {
  if (doc.type !== 'job_search') return;
  emit(doc.query && doc.query.service ? doc.query.service : '*', null);
}
