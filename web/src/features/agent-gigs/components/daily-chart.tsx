import { BarChart } from '@/components/chart/bar-chart';
import { shortDay } from '@/components/chart/chart';
import { plural } from '@/lib/format';

export interface DailyChartProps {
  /** "Views per day, last 30 days". */
  title: string;
  /** "view" → "12 views". */
  unit: [singular: string, plural: string];
  days: { day: string; value: number }[];
  color: string;
}

/** One count per day as bars, with a one-sentence summary and the figures as a table. */
export function DailyChart({ title, unit, days, color }: DailyChartProps) {
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const best = days.reduce(
    (top, d) => (d.value > top.value ? d : top),
    days[0] ?? { day: '', value: 0 },
  );
  const summary =
    total === 0
      ? `No ${unit[1]} in the last ${days.length} days yet.`
      : `${plural(total, ...unit)} in the last ${days.length} days; the most on ${shortDay(best.day)} (${best.value}).`;
  return (
    <BarChart
      title={title}
      rows={days.map((d) => ({ label: d.day, counts: { [unit[1]]: d.value } }))}
      keys={[unit[1]]}
      colorOf={() => color}
      summary={summary}
      height={180}
      describe={(_key, value) => plural(value, ...unit)}
    />
  );
}
