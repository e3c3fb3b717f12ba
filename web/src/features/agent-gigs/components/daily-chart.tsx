import { useId } from 'react';
import { countScale, shortDay, toPixels } from '@/components/chart/chart';
import { useElementWidth } from '@/components/chart/use-element-width';
import '@/components/chart/chart.css';

const HEIGHT = 180;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 36 };

export interface DailyChartProps {
  /** "Views per day, last 30 days". */
  title: string;
  /** "view" → "12 views". */
  unit: [singular: string, plural: string];
  days: { day: string; value: number }[];
  color: string;
}

const count = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/**
 * One count per day as bars, with a one-sentence summary and the figures as a table (for
 * screen readers, and for anyone who wants the numbers). Drawn at its real width.
 */
export function DailyChart({ title, unit, days, color }: DailyChartProps) {
  const titleId = useId();
  const descId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const best = days.reduce(
    (top, d) => (d.value > top.value ? d : top),
    days[0] ?? { day: '', value: 0 },
  );
  const scale = countScale(Math.max(0, ...days.map((d) => d.value)));
  const plotWidth = Math.max(100, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, band * 0.7);
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotWidth / 52))));
  const y = (value: number) => MARGIN.top + plotHeight - toPixels(value, scale.max, plotHeight);
  const summary =
    total === 0
      ? `No ${unit[1]} in the last ${days.length} days yet.`
      : `${count(total, unit)} in the last ${days.length} days; the most on ${shortDay(best.day)} (${best.value}).`;

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
          <title id={titleId}>{title}</title>
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
          {days.map((d, index) => (
            <g key={d.day}>
              {d.value > 0 && (
                <rect
                  x={MARGIN.left + index * band + (band - barWidth) / 2}
                  width={barWidth}
                  y={y(d.value)}
                  height={Math.max(0, y(0) - y(d.value))}
                  fill={color}
                >
                  <title>{`${shortDay(d.day)}: ${count(d.value, unit)}`}</title>
                </rect>
              )}
              {index % every === 0 && (
                <text
                  className="chart-tick"
                  x={MARGIN.left + index * band + band / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                >
                  {shortDay(d.day)}
                </text>
              )}
            </g>
          ))}
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
      </figcaption>
      <details className="chart-table">
        <summary>Show the figures as a table</summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">{unit[1][0]!.toUpperCase() + unit[1].slice(1)}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  <td>{d.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
