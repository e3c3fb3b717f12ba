import { BarChart } from '@/components/chart/bar-chart';
import { seriesKeys, shortDay } from '@/components/chart/chart';
import type { AdminStats } from '../types';
import { plural } from '@/lib/format';

/** One colour per role, distinct for common colour-vision deficiencies and ≥ 3:1 on white. */
export const ROLE_COLORS: Record<string, string> = {
  Customer: '#0b5c6b',
  Agent: '#c2410c',
  Lecturer: '#7c3aed',
  Student: '#be185d',
  Admin: '#475569',
};
const ROLE_ORDER = ['Customer', 'Agent', 'Lecturer', 'Student', 'Admin'];
const OTHER_COLOR = '#64748b';

const TITLE = 'Sign-ups per day by role, last 30 days';

/** Sign-ups per day by role: a stacked bar per day with a legend, and the figures as a table. */
export function SignupsChart({ days }: { days: AdminStats['signups_per_day'] }) {
  const totalOf = (d: (typeof days)[number]) =>
    Object.values(d.counts).reduce((sum, n) => sum + Math.max(0, n), 0);
  const total = days.reduce((sum, d) => sum + totalOf(d), 0);
  const busiest = days.reduce((best, d) => (totalOf(d) > totalOf(best) ? d : best), days[0]!);
  const summary =
    total === 0
      ? 'No sign-ups in the last 30 days.'
      : `${plural(total, 'sign-up')} in the last 30 days; the busiest day was ${shortDay(busiest.day)} with ${totalOf(busiest)}.`;
  return (
    <BarChart
      title={TITLE}
      rows={days.map((d) => ({ label: d.day, counts: d.counts }))}
      keys={seriesKeys(days, ROLE_ORDER)}
      colorOf={(key) => ROLE_COLORS[key] ?? OTHER_COLOR}
      summary={summary}
      legend
    />
  );
}
