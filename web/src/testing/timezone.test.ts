import { describe, expect, it } from 'vitest';

// vitest.config.ts runs the web tests in Pacific/Honolulu (UTC-10, no daylight saving), so a
// date formatted in the machine's zone where UTC is meant (or the reverse) fails on every
// machine, not only on one far from UTC. This checks that the setting takes effect.
describe('the web tests time zone', () => {
  it('is ten hours behind UTC', () => {
    expect(new Date('2026-10-02T08:00:00.000Z').getTimezoneOffset()).toBe(600);
    expect(new Date('2026-10-02T08:00:00.000Z').getDate()).toBe(1);
  });
});
