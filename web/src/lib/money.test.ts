import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinorUnits, minorUnitsPerUnit, toMinorUnits } from './money';

describe('formatMoney', () => {
  it('shows whole dollars without cents and other amounts with two decimals', () => {
    expect(formatMoney({ amount: 4500, currency: 'USD' })).toBe('$45');
    expect(formatMoney({ amount: 4550, currency: 'USD' })).toBe('$45.50');
    expect(formatMoney({ amount: 5, currency: 'USD' })).toBe('$0.05');
    expect(formatMoney({ amount: 9_800_000, currency: 'USD' })).toBe('$98,000');
  });

  it('writes dollars as Intl.NumberFormat does, without it', () => {
    const intl = (cents: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        ...(cents % 100 === 0 ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
      }).format(cents / 100);
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12_345, 99_999, 100_000, 123_456_789];
    for (const amount of [...amounts, ...amounts.map((a) => -a), 9_999_999_999]) {
      expect(formatMoney({ amount, currency: 'USD' }), String(amount)).toBe(intl(amount));
    }
    // Not whole cents, or -0: Intl itself.
    expect(formatMoney({ amount: 12.5, currency: 'USD' })).toBe(intl(12.5));
    expect(formatMoney({ amount: -0, currency: 'USD' })).toBe(intl(-0));
  });

  it('follows the currency’s minor units', () => {
    expect(minorUnitsPerUnit('USD')).toBe(100);
    expect(minorUnitsPerUnit('JPY')).toBe(1);
    expect(formatMoney({ amount: 3800, currency: 'JPY' })).toBe('¥3,800');
  });
});

describe('toMinorUnits', () => {
  it('reads what people type as cents', () => {
    expect(toMinorUnits('45')).toBe(4500);
    expect(toMinorUnits(' 45.5 ')).toBe(4550);
    expect(toMinorUnits('45.05')).toBe(4505);
    expect(toMinorUnits('$1,200')).toBe(120000);
    expect(toMinorUnits('0')).toBe(0);
  });

  it('refuses empty, negative, too precise or non-numeric input', () => {
    for (const bad of ['', '  ', '-5', '4.555', 'abc', '1e3', '4.5.1', 'Infinity'])
      expect(toMinorUnits(bad), bad).toBeNull();
  });

  it('writes every decimal for a price field when asked', () => {
    expect(fromMinorUnits(4550, 'USD', true)).toBe('45.50');
    expect(fromMinorUnits(4500, 'USD', true)).toBe('45');
    expect(fromMinorUnits(4550)).toBe('45.5');
  });

  it('round-trips with fromMinorUnits', () => {
    for (const amount of [0, 5, 4500, 4550, 123456])
      expect(toMinorUnits(fromMinorUnits(amount))).toBe(amount);
  });
});
