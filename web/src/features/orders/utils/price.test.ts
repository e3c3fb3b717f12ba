import { describe, expect, it } from 'vitest';
import { packagesInOrder, priceSummary } from './price';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const pkg = (tier: 'basic' | 'standard' | 'premium', amount: number, days: number) => ({
  tier,
  name: `${tier} name`,
  description: '',
  price: usd(amount),
  delivery_days: days,
  revisions: tier === 'basic' ? 1 : 3,
  includes: [],
});
const gig = {
  packages: [pkg('premium', 20000, 7), pkg('basic', 5000, 2), pkg('standard', 9000, 3)],
  extras: [
    { title: 'Cooking class after', price: usd(2500), delivery_days: 0 },
    { title: 'Printed photo book', price: usd(1250), delivery_days: 4 },
  ],
};

describe('priceSummary', () => {
  it('is the package alone without extras', () => {
    expect(priceSummary(gig, 'basic', [])).toEqual({
      lines: [{ label: 'basic name package', price: usd(5000), delivery_days: 2 }],
      total: usd(5000),
      delivery_days: 2,
      revisions: 1,
    });
  });

  it('adds the chosen extras to the price and their days to the delivery time', () => {
    const summary = priceSummary(gig, 'standard', [1, 0]);
    expect(summary?.lines.map((l) => l.label)).toEqual([
      'standard name package',
      'Cooking class after',
      'Printed photo book',
    ]);
    expect(summary?.total).toEqual(usd(9000 + 2500 + 1250));
    expect(summary?.delivery_days).toBe(3 + 0 + 4);
    expect(summary?.revisions).toBe(3);
  });

  it('counts an extra once and ignores indexes the gig does not have', () => {
    expect(priceSummary(gig, 'basic', [0, 0, 5, -1])?.total).toEqual(usd(7500));
  });

  it('is null for a package the gig does not offer', () => {
    expect(priceSummary({ packages: [pkg('basic', 5000, 2)], extras: [] }, 'premium', [])).toBe(
      null,
    );
  });
});

describe('packagesInOrder', () => {
  it('sorts Basic, Standard, Premium whatever the stored order', () => {
    expect(packagesInOrder(gig.packages).map((p) => p.tier)).toEqual([
      'basic',
      'standard',
      'premium',
    ]);
  });
});
