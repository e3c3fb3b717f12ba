// "Helpful" votes (one per member and review: review_helpful:<review>:<member>). Reduced by
// review, its helpful count.
function (doc) {
  if (doc.type !== 'review_helpful') return;
  emit(doc.review_id, null);
}
