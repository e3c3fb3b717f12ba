import { describe, expect, it } from 'vitest';
import { formatRate, formatResponseTime, levelName } from './format';

describe('reputation formats', () => {
  it('rates as whole percentages, a dash with nothing measured', () => {
    expect(formatRate(0.9523)).toBe('95%');
    expect(formatRate(0.996)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('—');
  });

  it('response times as a customer reads them', () => {
    expect(formatResponseTime(0)).toBe('Within an hour');
    expect(formatResponseTime(0.99)).toBe('Within an hour');
    expect(formatResponseTime(1)).toBe('About 1 hour');
    expect(formatResponseTime(16)).toBe('About 16 hours');
    expect(formatResponseTime(47.4)).toBe('About 47 hours');
    expect(formatResponseTime(72)).toBe('About 3 days');
    expect(formatResponseTime(null)).toBe('—');
  });

  it('level names', () => {
    expect(levelName('new')).toBe('New seller');
    expect(levelName('level_2')).toBe('Level 2');
  });
});
