// Applications by each student in them (the one who applied alone, or a party's leader and every
// member), newest first when read descending; the value is the project's lecturer while the
// application is live (pending or accepted), else null, so "is this student in a live application
// to a project of mine" (the CV rule) reads the keys alone.
function (doc) {
  if (doc.type !== 'application') return;
  var live = doc.status === 'pending' || doc.status === 'accepted';
  for (var i = 0; i < doc.member_ids.length; i++)
    emit([doc.member_ids[i], doc.created_at], live ? doc.lecturer_id : null);
}
