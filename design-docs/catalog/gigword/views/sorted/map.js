// Each active gig under each of its words, in the orders gig search sorts by other than relevance,
// so a search for a word sorted by price or date walks that word's gigs in order and stops once
// its page is full (api/src/routes/gigs/search-plan.ts): its cost follows the share of the word's
// gigs that pass the other filters, not the number of gigs. Each word's rows come under the
// gig's service and under '*' (as in gigs/search), so a search under a service reads only that
// service's gigs of the word (under '*' only, a rare word under one service was walked with 7
// rows in 8 thrown away, and the rows read grew with the catalogue); two rows a scope: by price
// ('p': cheapest first, then newest; read descending for the dearest first) and by date ('n':
// newest first). The last key item is a hash of the document id, as in gigsort/sorted.
// The value is the search index's with the service instead of the date (the key has it): price,
// days, rating, languages, places, the 64-bit Bloom filter of the gig's words (other words of the
// query are checked with it, then on the documents), service, revision. In a design document of
// its own so adding it rebuilds no other view. The tokenizer, the filter and the hash are those
// of gigs/search and api/src/routes/gigs/search-text.ts; a unit test keeps them equal.
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
  function hex(n) {
    var s = (n >>> 0).toString(16);
    while (s.length < 8) s = '0' + s;
    return s;
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
  var high = 0;
  var low = 0;
  for (var k = 0; k < tokens.length; k++) {
    var bits = [fnv(tokens[k], 0) % 64, fnv(tokens[k], 0x5bd1e995) % 64];
    for (var b = 0; b < 2; b++) {
      if (bits[b] >= 32) high = (high | (1 << (bits[b] - 32))) >>> 0;
      else low = (low | (1 << bits[b])) >>> 0;
    }
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
    hex(high) + hex(low),
    doc.service_id,
    doc._rev
  ];
  var scopes = [doc.service_id, '*'];
  for (var j = 0; j < tokens.length; j++) {
    for (var s = 0; s < 2; s++) {
      emit([tokens[j], scopes[s], 'p', doc.min_price, -published, tie], value);
      emit([tokens[j], scopes[s], 'n', -published, tie], value);
    }
  }
}
