// Open projects for Explore (api/src/routes/projects/projects.service.ts searchProjects), newest
// first when read descending: under '*' (every one) and under each expertise (a service id). The
// deadline, the applicant type and the words of `q` are checked on each project as it is read.
function (doc) {
  if (doc.type !== 'project' || doc.status !== 'open') return;
  emit(['*', doc.created_at], null);
  for (var i = 0; i < doc.expertise.length; i++) emit(['expertise', doc.expertise[i], doc.created_at], null);
}
