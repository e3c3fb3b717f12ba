// Reports of reviews (one per member and review: review_report:<review>:<member>), by review and
// time. Reduced, a review's report count.
function (doc) {
  if (doc.type !== 'review_report') return;
  emit([doc.review_id, doc.at], null);
}
