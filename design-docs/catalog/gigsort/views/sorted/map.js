// Active gigs in the orders gig search sorts by other than relevance, so a sorted search walks
// them in order and stops once its page is full (api/src/routes/gigs/search-plan.ts). Four rows
// a gig: by price ('p': cheapest first, then newest; read descending for the dearest first) and
// by date ('n': newest first), each under its service and under '*'. The last key item is a hash
// of the document id, the tie-break the API also uses when it sorts a word's rows itself. The
// value is the search index's, with the gig's words themselves (space-separated) instead of the
// Bloom filter, so a word is checked exactly. Sorting by rating needs no rows here: gigs/browse
// and each relevance rank of gigs/search are already in rating order. In a design document of
// its own so adding it does not rebuild gigs/search. The tokenizer and the hash are those of
// gigs/search and api/src/routes/gigs/search-text.ts; a unit test keeps them equal.
function (doc) {
  if (doc.type !== 'gig' || doc.status !== 'active') return;
  var STOP = ' a an and are as at be by for from has have i in is it its of on or our the this to we with you your will can my me us do de la le el en et ';
  function stem(t) {
    if (t.length > 4 && t.slice(-3) === 'ies') return t.slice(0, -3) + 'y';
    if (t.length > 4 && /(ss|x|z|ch|sh)es$/.test(t)) return t.slice(0, -2);
    if (t.length > 3 && t.slice(-1) === 's' && t.slice(-2) !== 'ss' && t.slice(-2) !== 'us') return t.slice(0, -1);
    return t;
  }
  function fnv(t, seed) {
    var h = (0x811c9dc5 ^ seed) >>> 0;
    for (var i = 0; i < t.length; i++) {
      h ^= t.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h >>> 0;
  }
  var words = String([doc.title, doc.location || '', (doc.destinations || []).join(' '), doc.description].join(' '))
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/);
  var seen = {};
  var tokens = [];
  for (var i = 0; i < words.length && tokens.length < 80; i++) {
    var w = words[i];
    if (w.length < 2 || STOP.indexOf(' ' + w + ' ') !== -1) continue;
    var t = stem(w);
    if (seen[t]) continue;
    seen[t] = true;
    tokens.push(t);
  }
  var rating = doc.rating && doc.rating.count ? doc.rating.average : 0;
  var published = Date.parse(doc.published_at || doc.created_at) || 0;
  var tie = fnv(doc._id, 0);
  var value = [
    doc.min_price,
    doc.min_delivery_days,
    rating,
    (doc.languages || []).map(function (l) { return String(l).toLowerCase(); }),
    (doc.destinations || []).concat(doc.location ? [doc.location] : []).map(function (d) { return String(d).toLowerCase(); }),
    tokens.join(' '),
    doc.published_at || doc.created_at,
    doc._rev
  ];
  var scopes = [doc.service_id, '*'];
  for (var s = 0; s < 2; s++) {
    emit([scopes[s], 'p', doc.min_price, -published, tie], value);
    emit([scopes[s], 'n', -published, tie], value);
  }
}
