// Rating figures of published, not hidden reviews, summed by the built-in _sum (element-wise
// over the array): [count, sum of ratings, count of 1..5 stars, sum of communication, sum of
// as_described, would recommend, customer reviews]. Under ['gig', gig] (customer reviews) and
// ['user', subject, role the subject had]; a reduced key (or range) is a gig's or member's
// average, count, histogram and sub-rating averages without reading the reviews.
function (doc) {
  if (doc.type !== 'review' || doc.status !== 'published' || doc.hidden) return;
  var r = doc.rating;
  var customer = doc.author_role === 'customer';
  var value = [
    1,
    r,
    r === 1 ? 1 : 0,
    r === 2 ? 1 : 0,
    r === 3 ? 1 : 0,
    r === 4 ? 1 : 0,
    r === 5 ? 1 : 0,
    customer ? doc.communication || 0 : 0,
    customer ? doc.as_described || 0 : 0,
    customer && doc.would_recommend ? 1 : 0,
    customer ? 1 : 0
  ];
  // An order from an offer on a job may name no gig (gig.id null): no gig figures then.
  if (customer && doc.gig.id) emit(['gig', doc.gig.id], value);
  emit(['user', doc.subject_id, customer ? 'agent' : 'customer'], value);
}
