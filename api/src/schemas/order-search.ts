/**
 * What a search of one's orders matches, the same on the server (`GET /api/orders?q=`, over
 * wf_market) and on a device offline (My Orders over the order mirrors): the order number, the
 * gig's title and both parties' names, in any case. No zod: the web app imports it at run time.
 */
export function orderMatches(
  order: {
    id: string;
    gig: { title: string };
    customer: { full_name: string };
    agent: { full_name: string };
  },
  q: string,
): boolean {
  const needle = q.toLowerCase();
  return [order.id, order.gig.title, order.customer.full_name, order.agent.full_name]
    .join(' ')
    .toLowerCase()
    .includes(needle);
}
