// Active gigs without a text query: by service and under '*', best rated then newest first, with
// the same value as the search index (the Bloom filter slot left empty), revision included.
function (doc) {
  if (doc.type !== 'gig' || doc.status !== 'active') return;
  var rating = doc.rating && doc.rating.count ? doc.rating.average : 0;
  var published = Date.parse(doc.published_at || doc.created_at) || 0;
  var value = [
    doc.min_price,
    doc.min_delivery_days,
    rating,
    (doc.languages || []).map(function (l) { return String(l).toLowerCase(); }),
    (doc.destinations || []).concat(doc.location ? [doc.location] : []).map(function (d) { return String(d).toLowerCase(); }),
    '',
    doc.published_at || doc.created_at,
    doc._rev
  ];
  emit([doc.service_id, -rating, -published], value);
  emit(['*', -rating, -published], value);
}
