/**
 * The order an accepted offer makes (issue 18), through the orders code (orders.service.ts
 * `orderFromOffer`): at the offer's terms, with the job's travel details and description. Its id
 * comes from the offer's, so the accept request and the follow-up after a crash make one order.
 */
import { createHash } from 'node:crypto';
import type { Order } from '../../schemas/orders';
import { orderFromOffer, type OrdersDeps } from '../orders/orders.service';
import type { JobDoc, OfferDoc } from './job-model';

/** The order's id of an accepted offer: the same for every retry. */
export const orderIdOfOffer = (offerId: string) =>
  createHash('sha256').update(`offer\n${offerId}`).digest('hex').slice(0, 24);

/** The order an accepted job's offer makes (job-followup.ts calls it too, after a crash). */
export function acceptedOrder(deps: OrdersDeps, job: JobDoc, offer: OfferDoc): Promise<Order> {
  return orderFromOffer(deps, {
    order_id: orderIdOfOffer(offer.id),
    job: {
      id: job.id,
      title: job.title,
      service_id: job.service_id,
      description: job.description,
    },
    offer_id: offer.id,
    customer_id: job.customer_id,
    agent_id: offer.agent_id,
    price: offer.price,
    delivery_days: offer.delivery_days,
    revisions: offer.revisions,
    gig: offer.gig,
    travel: {
      service_date: job.start_date,
      service_end_date: job.end_date,
      travellers: job.travellers,
      meeting_place: job.destination,
    },
    attachments: job.attachments,
  });
}
