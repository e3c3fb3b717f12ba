// The gig search index (no search plug-in needed, on CouchDB or the embedded server). Each active
// gig is listed under every word of its title, description, location and destinations, twice:
// under its service and under '*' (any service). The rest of the key orders a word's gigs by
// relevance: title matches first, then rating, then the newest. The value carries what filters
// and sorts need without reading documents, a 64-bit Bloom filter of all the gig's words, so a
// query for several words scans one word's range only, and the revision, so the API can tell
// whether the copy of the document it keeps is the current one. api/src/routes/gigs/search-text.ts
// holds the same tokenizer and filter; a unit test keeps the two equal.
function (doc) {
  if (doc.type !== 'gig' || doc.status !== 'active') return;
  var STOP = ' a an and are as at be by for from has have i in is it its of on or our the this to we with you your will can my me us do de la le el en et ';
  function stem(t) {
    if (t.length > 4 && t.slice(-3) === 'ies') return t.slice(0, -3) + 'y';
    if (t.length > 4 && /(ss|x|z|ch|sh)es$/.test(t)) return t.slice(0, -2);
    if (t.length > 3 && t.slice(-1) === 's' && t.slice(-2) !== 'ss' && t.slice(-2) !== 'us') return t.slice(0, -1);
    return t;
  }
  function tokenize(text, seen, out) {
    var words = String(text || '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/);
    for (var i = 0; i < words.length && out.length < 80; i++) {
      var w = words[i];
      if (w.length < 2 || STOP.indexOf(' ' + w + ' ') !== -1) continue;
      var t = stem(w);
      if (seen[t]) continue;
      seen[t] = true;
      out.push(t);
    }
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
  var seenTitle = {};
  var titleTokens = [];
  tokenize(doc.title, seenTitle, titleTokens);
  var seen = {};
  var tokens = [];
  tokenize([doc.title, doc.location || '', (doc.destinations || []).join(' '), doc.description].join(' '), seen, tokens);
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
  var value = [
    doc.min_price,
    doc.min_delivery_days,
    rating,
    (doc.languages || []).map(function (l) { return String(l).toLowerCase(); }),
    (doc.destinations || []).concat(doc.location ? [doc.location] : []).map(function (d) { return String(d).toLowerCase(); }),
    hex(high) + hex(low),
    doc.published_at || doc.created_at,
    doc._rev
  ];
  for (var j = 0; j < tokens.length; j++) {
    var rank = seenTitle[tokens[j]] ? 0 : 1;
    emit([tokens[j], doc.service_id, rank, -rating, -published], value);
    emit([tokens[j], '*', rank, -rating, -published], value);
  }
}
