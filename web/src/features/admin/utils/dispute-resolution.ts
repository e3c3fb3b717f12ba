// The resolve form as the API wants it: the refund typed in units ("25.50") becomes minor units
// (lib/money.ts), checked against the order's total before anything is sent. The server checks
// again; these sentences only save a round trip and say the same things.
import type { FieldErrors } from '@/lib/api-client';
import { formatMoney, minorUnitsPerUnit, toMinorUnits, type Money } from '@/lib/money';
import type { DisputeResolution, Order } from '../types';

export interface ResolveFormValues {
  outcome: 'complete' | 'refund' | '';
  /** With a refund: all of the total, or the amount typed in `refund_amount`. */
  refund: 'full' | 'partial';
  /** The partial refund in units of the order's currency, as typed. */
  refund_amount: string;
  note: string;
}

export const EMPTY_RESOLVE_FORM: ResolveFormValues = {
  outcome: '',
  refund: 'full',
  refund_amount: '',
  note: '',
};

const NOTE_MIN = 5;
const NOTE_MAX = 2000;

/** An amount to type in `currency`: "25.50" for dollars, "2500" for yen. */
function exampleAmount(currency: string): string {
  return minorUnitsPerUnit(currency) > 1 ? '25 or 25.50' : '2500';
}

/**
 * The partial refund typed as `text`, in minor units of `total`'s currency; or the sentence
 * saying what is wrong with it (empty, not an amount, nothing, more than the total).
 */
export function parseRefundAmount(
  text: string,
  total: Money,
): { amount: number } | { error: string } {
  const { currency } = total;
  if (!text.trim())
    return { error: `Enter the amount to refund, such as ${exampleAmount(currency)}.` };
  const amount = toMinorUnits(text, currency);
  if (amount === null)
    return { error: `Enter an amount in ${currency}, such as ${exampleAmount(currency)}.` };
  if (amount < 1)
    return { error: `The refund is at least ${formatMoney({ amount: 1, currency })}.` };
  if (amount > total.amount)
    return { error: `The refund is at most the order's total, ${formatMoney(total)}.` };
  return { amount };
}

export type BuiltResolution =
  { ok: true; resolution: DisputeResolution; refund: Money } | { ok: false; errors: FieldErrors };

/** The request for the form's values, or field errors named as the API names them. */
export function buildResolution(values: ResolveFormValues, total: Money): BuiltResolution {
  const errors: FieldErrors = {};
  const note = values.note.trim();
  if (note.length < NOTE_MIN)
    errors.note = [`Write a note both parties will see (at least ${NOTE_MIN} characters).`];
  else if (note.length > NOTE_MAX) errors.note = ['At most 2,000 characters.'];
  let refund = 0;
  if (!values.outcome) errors.outcome = ['Choose an outcome: complete the order or refund.'];
  else if (values.outcome === 'refund') {
    if (values.refund === 'full') refund = total.amount;
    else {
      const parsed = parseRefundAmount(values.refund_amount, total);
      if ('error' in parsed) errors.refund_amount = [parsed.error];
      else refund = parsed.amount;
    }
  }
  if (Object.keys(errors).length > 0 || !values.outcome) return { ok: false, errors };
  return {
    ok: true,
    resolution: {
      outcome: values.outcome,
      refund_amount: values.outcome === 'refund' && values.refund === 'partial' ? refund : null,
      note,
    },
    refund: { amount: refund, currency: total.currency },
  };
}

/** What a resolution does to the money, in a sentence for the confirmation. */
export function describeResolution(
  order: Pick<Order, 'total' | 'fee' | 'agent_earnings' | 'customer' | 'agent'>,
  refund: Money,
): string {
  const customer = order.customer.full_name;
  const agent = order.agent.full_name;
  const total = formatMoney(order.total);
  if (refund.amount === 0)
    return (
      `The order is completed: ${agent} is paid ${formatMoney(order.agent_earnings)} ` +
      `(${total} less the ${formatMoney(order.fee)} platform fee) and ${customer} gets nothing back.`
    );
  if (refund.amount >= order.total.amount)
    return `The order is cancelled: ${customer} gets all ${total} back and ${agent} is paid nothing.`;
  const rest = formatMoney({
    amount: order.total.amount - refund.amount,
    currency: order.total.currency,
  });
  return (
    `The order is completed with a partial refund: ${customer} gets ${formatMoney(refund)} ` +
    `back, and ${agent} is paid the other ${rest} less the platform fee.`
  );
}
