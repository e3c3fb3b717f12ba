// Users by tagname, for public profiles (/@/{tagname}); accounts without one are left out.
function (doc) {
  if (doc.type === 'user' && doc.tagname) {
    emit(doc.tagname, null);
  }
}
