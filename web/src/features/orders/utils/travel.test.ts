import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/format';
import { travelDates } from './travel';

describe('travelDates', () => {
  it('is the calendar day, whatever the time zone (the tests run in Honolulu)', () => {
    expect(formatDay('2025-03-10')).toBe('10 Mar 2025');
    expect(travelDates({ service_date: '2025-03-10', service_end_date: null })).toBe('10 Mar 2025');
  });

  it('is a range over several days', () => {
    expect(travelDates({ service_date: '2025-03-10', service_end_date: '2025-03-12' })).toBe(
      '10 Mar 2025 to 12 Mar 2025',
    );
  });
});
