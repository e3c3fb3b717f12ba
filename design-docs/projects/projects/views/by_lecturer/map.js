// A lecturer's projects in every status (My projects), newest first when read descending.
function (doc) {
  if (doc.type !== 'project') return;
  emit([doc.lecturer_id, doc.created_at], null);
}
