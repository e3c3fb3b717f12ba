// The leaderboard: each member's points per expertise (`standing:<expertise>:<user>`, written by
// api/src/routes/leaderboard/standings.ts from the two point views), read descending for the
// highest first. Reduced with group_level 2, the number of members at each points value of an
// expertise: totals and ranks (1 + the members with more points) without reading the entries.
function (doc) {
  if (doc.type !== 'standing' || !(doc.points > 0)) return;
  emit([doc.expertise, doc.points, doc.user_id], null);
}
