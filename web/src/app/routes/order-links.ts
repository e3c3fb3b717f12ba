// Links between gigs, orders and conversations, shared by the gig and order route modules (no
// components here, so importing it adds nothing to a page's chunk).
import type { Gig, GigPackage } from '@wayfarer/api/schemas';
import type { Order } from '@wayfarer/api/schemas/orders';
import { buildPath } from '@/config/paths';

export const orderHref = (id: string) => buildPath('orders.show', { id });
export const checkoutHref = (orderId: string) => buildPath('checkout', { orderId });

/** The order form of a gig, with a package chosen. */
export const gigOrderHref = (gigId: string, tier?: string) =>
  buildPath('gigs.order', { id: gigId }, tier ? { package: tier } : undefined);

/** The conversation with the gig's agent about the gig (and a package): the subject goes along. */
export function gigMessageHref(gig: Pick<Gig, 'id' | 'title' | 'owner'>, pkg?: GigPackage) {
  const tagname = gig.owner.tagname;
  if (!tagname) return null;
  const title = pkg ? `${gig.title} (${pkg.name})` : gig.title;
  return buildPath('user.message', { tagname }, { about: 'gig', ref: gig.id, title });
}

/** The conversation with the other party of an order, about the order. */
export function orderMessageHref(order: Pick<Order, 'id' | 'gig'>, party: Order['agent']) {
  if (!party.tagname) return null;
  return buildPath(
    'user.message',
    { tagname: party.tagname },
    { about: 'order', ref: order.id, title: `Order ${order.id}: ${order.gig.title}` },
  );
}

/** Why a member of another role cannot order: "…you are signed in as an Agent." */
export function cannotOrderReason(role: string): string {
  const article = /^[AEIOU]/.test(role) ? 'an' : 'a';
  return `Only customer accounts can order gigs; you are signed in as ${article} ${role}.`;
}
