// The jobs board (api/src/routes/jobs/job-board.ts): open jobs, newest first when read
// descending, under '*' (every job), under their service and under every word of their title,
// destination and description (a copy of the tokenizer of api/src/routes/gigs/search-text.ts,
// which the board applies to the query). The board reads one range in batches with include_docs and
// checks its filters on each job; a job past its expiry is skipped there until the sweep marks it.
function (doc) {
  if (doc.type !== 'job' || doc.status !== 'open') return;
  var STOP = ' a an and are as at be by for from has have i in is it its of on or our the this to we with you your will can my me us do de la le el en et ';
  function stem(t) {
    if (t.length > 4 && t.slice(-3) === 'ies') return t.slice(0, -3) + 'y';
    if (t.length > 4 && /(ss|x|z|ch|sh)es$/.test(t)) return t.slice(0, -2);
    if (t.length > 3 && t.slice(-1) === 's' && t.slice(-2) !== 'ss' && t.slice(-2) !== 'us') return t.slice(0, -1);
    return t;
  }
  var words = String([doc.title, doc.destination, doc.description].join(' ')).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/);
  var seen = {};
  var count = 0;
  emit(['*', doc.created_at], null);
  emit(['service', doc.service_id, doc.created_at], null);
  for (var i = 0; i < words.length && count < 80; i++) {
    var w = words[i];
    if (w.length < 2 || STOP.indexOf(' ' + w + ' ') !== -1) continue;
    var t = stem(w);
    if (seen[t]) continue;
    seen[t] = true;
    count++;
    emit(['word', t, doc.created_at], null);
  }
}
