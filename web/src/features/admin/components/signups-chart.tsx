import { useId } from 'react';
import type { AdminStats } from '../types';
import { useElementWidth } from '@/components/chart/use-element-width';
import { countScale, seriesKeys, shortDay, stackRows, toPixels } from '@/components/chart/chart';
import '@/components/chart/chart.css';
import { plural } from '../utils/format';

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

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 36 };

/**
 * Sign-ups per day by role: a stacked bar per day with a legend, and the same figures as a table
 * (for screen readers, and for anyone who wants the numbers).
 */
export function SignupsChart({ days }: { days: AdminStats['signups_per_day'] }) {
  const titleId = useId();
  const descId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const keys = seriesKeys(days, ROLE_ORDER);
  const stacks = stackRows(
    days.map((d) => ({ label: d.day, counts: d.counts })),
    keys,
  );
  const total = stacks.reduce((sum, s) => sum + s.total, 0);
  const busiest = stacks.reduce((best, s) => (s.total > best.total ? s : best), stacks[0]!);
  const scale = countScale(Math.max(0, ...stacks.map((s) => s.total)));

  const plotWidth = Math.max(100, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, stacks.length);
  const barWidth = Math.max(2, band * 0.7);
  // A label every few days, as many as fit at about 52 px each.
  const every = Math.max(1, Math.ceil(stacks.length / Math.max(1, Math.floor(plotWidth / 52))));
  const y = (count: number) => MARGIN.top + plotHeight - toPixels(count, scale.max, plotHeight);

  const summary =
    total === 0
      ? 'No sign-ups in the last 30 days.'
      : `${plural(total, 'sign-up')} in the last 30 days; the busiest day was ${shortDay(busiest.label)} with ${busiest.total}.`;

  return (
    <figure className="chart">
      <div ref={ref} className="chart-canvas">
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <title id={titleId}>Sign-ups per day by role, last 30 days</title>
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line
                className="chart-grid"
                x1={MARGIN.left}
                x2={MARGIN.left + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text
                className="chart-tick"
                x={MARGIN.left - 6}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
              >
                {tick}
              </text>
            </g>
          ))}
          {stacks.map((stack, index) => {
            const x = MARGIN.left + index * band + (band - barWidth) / 2;
            return (
              <g key={stack.label}>
                {stack.segments.map((segment) => (
                  <rect
                    key={segment.key}
                    x={x}
                    width={barWidth}
                    y={y(segment.to)}
                    height={Math.max(0, y(segment.from) - y(segment.to))}
                    fill={ROLE_COLORS[segment.key] ?? OTHER_COLOR}
                  >
                    <title>{`${shortDay(stack.label)}: ${segment.value} ${segment.key}`}</title>
                  </rect>
                ))}
                {index % every === 0 && (
                  <text
                    className="chart-tick"
                    x={MARGIN.left + index * band + band / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                  >
                    {shortDay(stack.label)}
                  </text>
                )}
              </g>
            );
          })}
          <line
            className="chart-axis"
            x1={MARGIN.left}
            x2={MARGIN.left + plotWidth}
            y1={y(0)}
            y2={y(0)}
          />
        </svg>
      </div>
      <figcaption>
        <p id={descId} className="chart-summary">
          {summary}
        </p>
        {keys.length > 0 && (
          <ul className="chart-legend" aria-label="Legend">
            {keys.map((key) => (
              <li key={key}>
                <span
                  className="chart-swatch"
                  style={{ background: ROLE_COLORS[key] ?? OTHER_COLOR }}
                  aria-hidden="true"
                />
                {key}
              </li>
            ))}
          </ul>
        )}
      </figcaption>
      <details className="chart-table">
        <summary>Show the figures as a table</summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Sign-ups per day by role, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {keys.map((key) => (
                  <th key={key} scope="col">
                    {key}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {stacks.map((stack) => (
                <tr key={stack.label}>
                  <th scope="row">{shortDay(stack.label)}</th>
                  {keys.map((key) => (
                    <td key={key}>{stack.segments.find((s) => s.key === key)?.value ?? 0}</td>
                  ))}
                  <td>{stack.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
