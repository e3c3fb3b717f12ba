// Open jobs a timer must look at, by when (api/src/routes/jobs/job-followup.ts reads the range up
// to now): the "expires in 24 hours" warning, once, and the expiry.
function (doc) {
  if (doc.type !== 'job' || doc.status !== 'open') return;
  if (!doc.expiry_warned_at) emit(new Date(Date.parse(doc.expires_at) - 86400000).toISOString(), null);
  emit(doc.expires_at, null);
}
