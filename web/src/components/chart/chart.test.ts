import { describe, expect, it } from 'vitest';
import { countScale, seriesKeys, shortDay, stackRows, toPixels } from './chart';

describe('countScale', () => {
  it('gives an axis from 0 to 1 for an empty chart', () => {
    expect(countScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(countScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('uses whole steps of 1, 2 or 5 × 10ⁿ and rounds the top up to a step', () => {
    expect(countScale(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(countScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countScale(12)).toEqual({ max: 15, ticks: [0, 5, 10, 15] });
    expect(countScale(95)).toEqual({ max: 100, ticks: [0, 50, 100] });
    expect(countScale(1234).ticks.at(-1)).toBe(1500);
  });

  it('never has more than maxTicks intervals and never a fractional tick', () => {
    for (let value = 1; value <= 500; value += 7) {
      const { max, ticks } = countScale(value, 4);
      expect(max).toBeGreaterThanOrEqual(value);
      expect(ticks.length - 1).toBeLessThanOrEqual(4);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });

  it('rounds a fractional value up', () => {
    expect(countScale(2.2).max).toBe(3);
  });
});

describe('stackRows', () => {
  it('stacks counts in legend order, treats missing keys as 0 and drops empty segments', () => {
    const [day] = stackRows(
      [{ label: 'd1', counts: { Agent: 2, Customer: 3, Pirate: 9 } }],
      ['Customer', 'Agent', 'Student'],
    );
    expect(day).toEqual({
      label: 'd1',
      total: 5,
      segments: [
        { key: 'Customer', value: 3, from: 0, to: 3 },
        { key: 'Agent', value: 2, from: 3, to: 5 },
      ],
    });
  });

  it('gives an empty day no segments and a total of 0', () => {
    expect(stackRows([{ label: 'd', counts: {} }], ['Agent'])).toEqual([
      { label: 'd', total: 0, segments: [] },
    ]);
  });
});

describe('seriesKeys', () => {
  it('lists keys that occur, preferred order first, then the rest alphabetically', () => {
    const rows: { counts: Record<string, number> }[] = [
      { counts: { Student: 1, Agent: 0 } },
      { counts: { Zeta: 1, Customer: 2 } },
    ];
    expect(seriesKeys(rows, ['Customer', 'Agent', 'Student'])).toEqual([
      'Customer',
      'Student',
      'Zeta',
    ]);
  });
});

describe('shortDay and toPixels', () => {
  it('formats UTC days briefly', () => {
    expect(shortDay('2025-03-07')).toBe('7 Mar');
    expect(shortDay('not a day')).toBe('not a day');
  });

  it('maps counts to pixels, clamped to the axis', () => {
    expect(toPixels(5, 10, 200)).toBe(100);
    expect(toPixels(20, 10, 200)).toBe(200);
    expect(toPixels(1, 0, 200)).toBe(0);
  });
});
