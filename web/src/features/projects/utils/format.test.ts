import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/format';
import { applicantTypesText, deadlineCountdown } from './format';

describe('project words', () => {
  const at = (iso: string) => Date.parse(iso);

  it('counts down to the end of the deadline day (UTC), then says applications closed', () => {
    expect(deadlineCountdown('2027-03-14', at('2027-03-01T00:00:00Z'))).toBe('13 days left');
    expect(deadlineCountdown('2027-03-14', at('2027-03-13T10:00:00Z'))).toBe('1 day 13 hours left');
    expect(deadlineCountdown('2027-03-14', at('2027-03-14T18:30:00Z'))).toBe('5 hours left');
    expect(deadlineCountdown('2027-03-14', at('2027-03-14T23:30:00Z'))).toBe(
      'Less than an hour left',
    );
    expect(deadlineCountdown('2027-03-14', at('2027-03-15T00:00:00Z'))).toBe('Applications closed');
  });

  it('says who may apply and shows a calendar day without shifting it', () => {
    expect(applicantTypesText(['individual', 'team'])).toBe('Individuals and teams');
    expect(applicantTypesText(['team'])).toBe('Teams only');
    expect(applicantTypesText(['individual'])).toBe('Individuals only');
    expect(formatDay('2027-03-14')).toBe('14 Mar 2027');
  });
});
