/**
 * Payments go through a `PaymentProvider`: the seam where a real payment company plugs in.
 *
 * The contract an implementation keeps (ARCHITECTURE.md, "Orders and money"):
 * - `charge` takes an idempotency key (one per order and attempt: `<order>:<attempt>`). Called
 *   twice with the same key (a retry after a timeout, a second API instance, a restart) it
 *   charges once and answers the first outcome again. Real providers take such a key (an
 *   `Idempotency-Key` header); the adapter passes ours through.
 * - `retrieve` answers what happened to a key, or null when the provider never saw it: after a
 *   crash between the charge and our record of it, the follow-up asks before it charges again.
 * - A decline is an answer (`declined` with a message the customer can act on), not an error; an
 *   error (network, outage) leaves the outcome unknown, so the payment stays `processing` and the
 *   follow-up retrieves it later.
 * - Refunds and payouts are ledger entries here; a real adapter would add `refund`/`payout`
 *   calls with the same key rules.
 *
 * The sandbox below keeps its charges in wf_market (`charge:<key>`), so it survives restarts
 * like a real provider's records, and has the test cards of API.md.
 */
import type { Couch } from '../../couch/connect';
import { isConflict, isNotFound } from '../../couch/errors';
import type { CardInput, Money } from '../../schemas/orders';

export type ChargeOutcome =
  { status: 'succeeded'; charge_id: string } | { status: 'declined'; message: string };

export interface PaymentProvider {
  readonly name: string;
  charge(input: {
    key: string;
    amount: Money;
    card: CardInput;
    description: string;
  }): Promise<ChargeOutcome>;
  retrieve(key: string): Promise<ChargeOutcome | null>;
}

const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Fails the first time it is used for an order, succeeds when tried again. */
  retry: '4000000000000119',
} as const;

interface ChargeDoc {
  _id: string;
  _rev?: string;
  type: 'charge';
  key: string;
  order_id: string;
  outcome: ChargeOutcome;
  amount: Money;
  last4: string;
  at: string;
}

/** Luhn's check digit, as card forms check it before they send anything. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly couch: Couch,
    private readonly now: () => Date,
  ) {}

  async retrieve(key: string): Promise<ChargeOutcome | null> {
    try {
      const doc = (await this.couch.db('market').get(`charge:${key}`)) as unknown as ChargeDoc;
      return doc.outcome;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async charge(input: {
    key: string;
    amount: Money;
    card: CardInput;
    description: string;
  }): Promise<ChargeOutcome> {
    const known = await this.retrieve(input.key);
    if (known) return known;
    const orderId = input.key.split(':')[0]!;
    const outcome = await this.decide(orderId, input.card);
    const doc: ChargeDoc = {
      _id: `charge:${input.key}`,
      type: 'charge',
      key: input.key,
      order_id: orderId,
      outcome,
      amount: input.amount,
      last4: input.card.number.slice(-4),
      at: this.now().toISOString(),
    };
    try {
      await this.couch.db('market').insert(doc as never);
      return outcome;
    } catch (error) {
      // The same key charged at the same moment elsewhere: that outcome stands.
      if (isConflict(error)) return (await this.retrieve(input.key)) ?? outcome;
      throw error;
    }
  }

  private async decide(orderId: string, card: CardInput): Promise<ChargeOutcome> {
    const now = this.now();
    const expired =
      card.exp_year < now.getUTCFullYear() ||
      (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
    if (expired) return { status: 'declined', message: 'Your card has expired.' };
    if (!luhn(card.number))
      return {
        status: 'declined',
        message: 'The card number is not valid. Check it and try again.',
      };
    if (card.number === SANDBOX_CARDS.declined)
      return {
        status: 'declined',
        message: 'Your card was declined. Use another card or contact your bank.',
      };
    if (card.number === SANDBOX_CARDS.retry) {
      // Fails once per order: the first attempt with this card is a processing error.
      const earlier = await this.couch.db('market').list({
        startkey: `charge:${orderId}:`,
        endkey: `charge:${orderId}:\ufff0`,
        include_docs: true,
      });
      const triedBefore = earlier.rows.some(
        (r) => (r.doc as unknown as ChargeDoc | undefined)?.last4 === card.number.slice(-4),
      );
      if (!triedBefore)
        return {
          status: 'declined',
          message:
            'The payment could not be processed this time (a temporary problem at the bank). Try again.',
        };
    }
    if (card.number === SANDBOX_CARDS.success || card.number === SANDBOX_CARDS.retry)
      return {
        status: 'succeeded',
        charge_id: `ch_${orderId}_${card.number.slice(-4)}_${Date.now().toString(36)}`,
      };
    return {
      status: 'declined',
      message: 'This sandbox accepts only its test cards (for example 4242 4242 4242 4242).',
    };
  }
}
