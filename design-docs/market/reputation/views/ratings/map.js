// Customers' reviews of an agent that count (`review:<order>:customer`, published and not
// hidden), by agent: reduced with _stats, the sum over the count is the average rating.
function (doc) {
  if (doc.type !== 'review' || !/^review:.+:customer$/.test(doc._id)) return;
  if (doc.status !== 'published' || typeof doc.rating !== 'number') return;
  var agent = doc.agent_id || (doc.subject && doc.subject.id);
  if (agent) emit(agent, doc.rating);
}
