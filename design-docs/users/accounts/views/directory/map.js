// The admin's user list: everything the list shows and filters on, without reading documents.
function (doc) {
  if (doc.type === 'user') {
    emit(doc.created_at, {
      full_name: doc.full_name,
      email: doc.email,
      tagname: doc.tagname,
      role: doc.role,
      status: doc.status,
      verified: !!doc.email_verified_at
    });
  }
}
