// The order form's live price summary: the package, the chosen extras, the total and the
// delivery time, computed the way the API prices an order (api/src/routes/orders/orders.service.ts:
// package + extras in minor units, delivery days added up).
import type { Gig, GigPackage } from '@wayfarer/api/schemas';
import type { Money } from '@/lib/money';

interface PriceLine {
  label: string;
  price: Money;
  /** Days this line adds to the delivery time. */
  delivery_days: number;
}

export interface PriceSummary {
  lines: PriceLine[];
  total: Money;
  delivery_days: number;
  revisions: number;
}

/**
 * The summary for `tier` with the extras at `extras` (their indexes in the gig's list), or null
 * when the gig has no such package. Unknown and repeated indexes are ignored (the form never
 * sends them; the server refuses them).
 */
export function priceSummary(
  gig: Pick<Gig, 'packages' | 'extras'>,
  tier: GigPackage['tier'],
  extras: readonly number[],
): PriceSummary | null {
  const pkg = gig.packages.find((p) => p.tier === tier);
  if (!pkg) return null;
  const lines: PriceLine[] = [
    { label: `${pkg.name} package`, price: pkg.price, delivery_days: pkg.delivery_days },
  ];
  const chosen = [...new Set(extras)].sort((a, b) => a - b);
  for (const index of chosen) {
    const extra = gig.extras[index];
    if (!extra) continue;
    lines.push({ label: extra.title, price: extra.price, delivery_days: extra.delivery_days });
  }
  const currency = pkg.price.currency;
  return {
    lines,
    total: { amount: lines.reduce((sum, line) => sum + line.price.amount, 0), currency },
    delivery_days: lines.reduce((sum, line) => sum + line.delivery_days, 0),
    revisions: pkg.revisions,
  };
}

/** The gig's packages in tier order (Basic, Standard, Premium). */
export function packagesInOrder<P extends Pick<GigPackage, 'tier'>>(packages: readonly P[]): P[] {
  const order: GigPackage['tier'][] = ['basic', 'standard', 'premium'];
  return [...packages].sort((a, b) => order.indexOf(a.tier) - order.indexOf(b.tier));
}

export const TIER_LABELS: Record<GigPackage['tier'], string> = {
  basic: 'Basic',
  standard: 'Standard',
  premium: 'Premium',
};
