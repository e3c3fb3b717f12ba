// Active services in the footer's order: key [position, name], value {name}.
function (doc) {
  if (doc.type === 'service' && doc.status === 'active') {
    emit([doc.position, doc.name], { name: doc.name });
  }
}
