// Money as the API sends it (API.md: integer minor units plus an ISO currency) and as people
// read and type it (whole units, "$45" or "$45.50").

export interface Money {
  amount: number;
  currency: string;
}

const LOCALE = 'en-US';

/**
 * One formatter per currency and shape, made once: building an Intl.NumberFormat costs far more
 * than formatting with it (on a slow phone, a page of 20 price tags spent 30 ms making them).
 */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency}:${whole}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, made);
  }
  return made;
}

/** How many minor units make one unit of `currency`: 100 for USD, 1 for JPY. */
export function minorUnitsPerUnit(currency: string): number {
  if (currency === 'USD') return 100;
  return 10 ** (formatter(currency, false).resolvedOptions().maximumFractionDigits ?? 2);
}

/**
 * Cents as en-US dollars, as Intl.NumberFormat writes them ("$1,200", "-$45.50"), without it:
 * gigs and payouts are in USD, and a page's first Intl.NumberFormat loads the browser's locale
 * data (20-30 ms on a desktop, four times that on a phone) inside the render that paints its
 * prices (issue 20). A test compares both ways.
 */
function formatCents(cents: number): string {
  const size = Math.abs(cents);
  const dollars = String(Math.floor(size / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = size % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** "$45" for whole amounts, "$45.50" otherwise. */
export function formatMoney({ amount, currency }: Money): string {
  if (currency === 'USD' && Number.isSafeInteger(amount) && !Object.is(amount, -0)) {
    return formatCents(amount);
  }
  const per = minorUnitsPerUnit(currency);
  return formatter(currency, amount % per === 0).format(amount / per);
}

/**
 * A price typed in units ("45", "45.5", "1,200") as minor units, or null when it is empty or
 * not a non-negative amount with at most the currency's decimals.
 */
export function toMinorUnits(text: string, currency = 'USD'): number | null {
  const cleaned = text.trim().replace(/[\s,]/g, '').replace(/^\$/, '');
  if (!cleaned) return null;
  const per = minorUnitsPerUnit(currency);
  const decimals = Math.round(Math.log10(per));
  const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{0,${decimals}})?$`) : /^\d+$/;
  if (!pattern.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const value = Number(whole) * per + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Minor units as the plain number a person would type back: "45", and "45.5" (short, for a URL)
 * or, with `allDecimals`, "45.50" (as a price field shows it).
 */
export function fromMinorUnits(amount: number, currency = 'USD', allDecimals = false): string {
  const per = minorUnitsPerUnit(currency);
  if (!allDecimals || amount % per === 0) return String(amount / per);
  return (amount / per).toFixed(Math.round(Math.log10(per)));
}
