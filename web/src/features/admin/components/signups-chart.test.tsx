import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminStats } from '../types';
import { SignupsChart } from './signups-chart';

const COUNTS: Record<number, Record<string, number>> = {
  6: { Customer: 2, Agent: 3 },
  20: { Student: 1 },
};
const days: AdminStats['signups_per_day'] = Array.from({ length: 30 }, (_, i) => ({
  day: `2025-03-${String(i + 1).padStart(2, '0')}`,
  counts: COUNTS[i] ?? {},
}));

describe('<SignupsChart>', () => {
  afterEach(() => cleanup());

  it('is an image with a name and a summary, and stacks one bar segment per role and day', () => {
    const { container } = render(<SignupsChart days={days} />);
    const chart = screen.getByRole('img', { name: 'Sign-ups per day by role, last 30 days' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(/6 sign-ups in the last 30 days; the busiest day was 7 Mar with 5/),
    ).toBeTruthy();
    // Three segments: Customer and Agent on 7 Mar, Student on 21 Mar; empty days draw nothing.
    expect(container.querySelectorAll('svg rect')).toHaveLength(3);
  });

  it('has a legend of the roles that occur, in the fixed role order', () => {
    render(<SignupsChart days={days} />);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Customer', 'Agent', 'Student']);
  });

  it('offers every figure as a table', () => {
    render(<SignupsChart days={days} />);
    const table = screen.getByRole('table', { name: 'Sign-ups per day by role, last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[0]!.textContent).toBe('DayCustomerAgentStudentTotal');
    expect(rows[7]!.textContent).toBe('7 Mar2305');
  });

  it('says so when nobody signed up', () => {
    render(<SignupsChart days={days.map((d) => ({ ...d, counts: {} }))} />);
    expect(screen.getByText('No sign-ups in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Legend' })).toBeNull();
  });
});
