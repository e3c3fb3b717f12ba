import { useId } from 'react';
import { countScale, toPixels } from './chart';
import { useElementWidth } from './use-element-width';
import './chart.css';

const MARGIN = { top: 12, right: 8, bottom: 28, left: 36 };

export interface GroupedBarChartProps {
  /** The chart's accessible name, and the table's caption. */
  title: string;
  /** One group of bars per row (a month), one bar per series side by side. */
  rows: { label: string; values: Record<string, number> }[];
  /** The series, in legend order, with their names and colours. */
  series: { key: string; name: string; color: string }[];
  /** One sentence on what the figures say (the chart's description). */
  summary: string;
  /** How a row's label reads ("Mar 2026"). */
  formatLabel: (label: string) => string;
  /** How a value reads in the table and in tooltips ("$1,250.50"). */
  formatValue: (value: number) => string;
  /** How an axis tick reads, short ("$1.5K"); formatValue by default. */
  formatTick?: (value: number) => string;
  /** The table's first column heading. */
  labelHeading: string;
  height?: number;
}

/**
 * Figures that do not add up (several measures per month) as bars side by side, drawn at the
 * element's real width, with a legend, a one-sentence summary and the same figures as a table.
 * Negative values are drawn as zero (the table shows them as they are).
 */
export function GroupedBarChart({
  title,
  rows,
  series,
  summary,
  formatLabel,
  formatValue,
  formatTick = formatValue,
  labelHeading,
  height = 240,
}: GroupedBarChartProps) {
  const titleId = useId();
  const descId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const valueOf = (row: (typeof rows)[number], key: string) => row.values[key] ?? 0;
  const top = Math.max(0, ...rows.flatMap((row) => series.map((s) => valueOf(row, s.key))));
  const scale = countScale(top);
  // Room for the longest tick label (12 px text: about 7 px a character).
  const left = Math.max(
    MARGIN.left,
    10 + 7 * Math.max(...scale.ticks.map((tick) => formatTick(tick).length)),
  );
  const plotWidth = Math.max(100, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, rows.length);
  const groupWidth = band * 0.8;
  const barWidth = Math.max(1, groupWidth / Math.max(1, series.length));
  // A label every few rows, as many as fit at about 64 px each.
  const every = Math.max(1, Math.ceil(rows.length / Math.max(1, Math.floor(plotWidth / 64))));
  const y = (value: number) =>
    MARGIN.top + plotHeight - toPixels(Math.max(0, value), scale.max, plotHeight);

  return (
    <figure className="chart">
      <div ref={ref} className="chart-canvas">
        <svg
          width={width}
          height={height}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <title id={titleId}>{title}</title>
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line
                className="chart-grid"
                x1={left}
                x2={left + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text className="chart-tick" x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {rows.map((row, index) => {
            const start = left + index * band + (band - groupWidth) / 2;
            return (
              <g key={row.label}>
                {series.map((s, k) => (
                  <rect
                    key={s.key}
                    x={start + k * barWidth}
                    width={Math.max(1, barWidth - 1)}
                    y={y(valueOf(row, s.key))}
                    height={Math.max(0, y(0) - y(valueOf(row, s.key)))}
                    fill={s.color}
                  >
                    <title>{`${formatLabel(row.label)}: ${s.name} ${formatValue(valueOf(row, s.key))}`}</title>
                  </rect>
                ))}
                {index % every === 0 && (
                  <text
                    className="chart-tick"
                    x={left + index * band + band / 2}
                    y={height - 8}
                    textAnchor="middle"
                  >
                    {formatLabel(row.label)}
                  </text>
                )}
              </g>
            );
          })}
          <line className="chart-axis" x1={left} x2={left + plotWidth} y1={y(0)} y2={y(0)} />
        </svg>
      </div>
      <figcaption>
        <p id={descId} className="chart-summary">
          {summary}
        </p>
        <ul className="chart-legend" aria-label="Legend">
          {series.map((s) => (
            <li key={s.key}>
              <span className="chart-swatch" style={{ background: s.color }} aria-hidden="true" />
              {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="chart-table">
        <summary>Show the figures as a table</summary>
        {/* Focusable, so a keyboard can scroll a table wider than the screen. */}
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`${title}, table`}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeading}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{formatLabel(row.label)}</th>
                  {series.map((s) => (
                    <td key={s.key}>{formatValue(valueOf(row, s.key))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
