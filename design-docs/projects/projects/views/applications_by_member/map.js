// Applications by each student in them (the one who applied alone, or a party's leader and every
// member), newest first when read descending; the value is the project's lecturer. The CV rule
// finds a student's applications here and decides on the documents themselves (include_docs):
// PouchDB keeps a row's old value when a document changes only its value to null, so a value
// that follows the status would go stale on the embedded server.
function (doc) {
  if (doc.type !== 'application') return;
  for (var i = 0; i < doc.member_ids.length; i++) emit([doc.member_ids[i], doc.created_at], doc.lecturer_id);
}
