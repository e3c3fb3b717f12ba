// People search (the header search, GET /api/users/search): each active member with a tagname,
// admins left out, under ['tag', tagname] and under ['name', word] for every word of the full
// name (lower case, accents dropped: api/src/routes/users/people-search.ts holds the same
// tokenizer). The API reads a key range by prefix; the value is what the results show, so no
// document is read. A design document of its own: adding it did not rebuild `accounts`.
function (doc) {
  if (doc.type !== 'user' || doc.status !== 'active' || doc.role === 'Admin') return;
  if (typeof doc.tagname !== 'string' || !doc.tagname) return;
  var person = {
    tagname: doc.tagname,
    full_name: doc.full_name,
    avatar: doc.avatar || null,
    role: doc.role
  };
  emit(['tag', doc.tagname.toLowerCase()], person);
  var words = String(doc.full_name || '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/);
  var seen = {};
  for (var i = 0, n = 0; i < words.length && n < 10; i++) {
    var w = words[i];
    if (!w || seen[w]) continue;
    seen[w] = true;
    n++;
    emit(['name', w], person);
  }
}
