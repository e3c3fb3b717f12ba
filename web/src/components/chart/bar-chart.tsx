import { useId } from 'react';
import { countScale, shortDay, stackRows, toPixels } from './chart';
import { useElementWidth } from './use-element-width';
import './chart.css';

const MARGIN = { top: 12, right: 8, bottom: 28, left: 36 };

export interface BarChartProps {
  /** The chart's accessible name, and the table's caption. */
  title: string;
  /** One bar per row (a day, ISO date as label), stacked by series (or side by side: grouped). */
  rows: { label: string; counts: Record<string, number> }[];
  /** The series, bottom to top (left to right when grouped). */
  keys: string[];
  colorOf: (key: string) => string;
  /**
   * Figures that do not add up (several measures per month): one bar per series side by side
   * instead of a stack, always with a legend, and no Total column. Negative values are drawn as
   * zero (the table shows them as they are).
   */
  grouped?: boolean;
  /** A series' name in the legend and the table's heading: the key by default (capitalised in the table). */
  nameOf?: (key: string) => string;
  /** One sentence on what the figures say (the chart's description). */
  summary: string;
  height?: number;
  /** A legend under the chart and a Total column in the table (several series). */
  legend?: boolean;
  /** A bar segment's tooltip: "3 Agent" by default. */
  describe?: (key: string, value: number) => string;
  /** How a row's label reads: a day ("7 Mar") by default. */
  formatLabel?: (label: string) => string;
  /** The table's first column heading: "Day" by default. */
  labelHeading?: string;
  /** How a value reads on the axis and in the table (an amount of money): the number by default. */
  formatValue?: (value: number) => string;
  /** How an axis tick reads, short ("$1.5K"): formatValue by default. */
  formatTick?: (value: number) => string;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Counts per day as (stacked or grouped) bars, drawn at the element's real width, with a
 * one-sentence summary and the same figures as a table (for screen readers, and for anyone who
 * wants the numbers).
 */
export function BarChart({
  title,
  rows,
  keys,
  colorOf,
  grouped = false,
  nameOf,
  summary,
  height = 220,
  legend = grouped,
  describe = (key, value) => `${value} ${key}`,
  formatLabel = shortDay,
  labelHeading = 'Day',
  formatValue = String,
  formatTick = formatValue,
}: BarChartProps) {
  const titleId = useId();
  const descId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const valueOf = (row: (typeof rows)[number], key: string) => row.counts[key] ?? 0;
  const stacks = stackRows(rows, keys);
  const scale = countScale(
    grouped
      ? Math.max(0, ...rows.flatMap((row) => keys.map((key) => valueOf(row, key))))
      : Math.max(0, ...stacks.map((s) => s.total)),
  );

  // Room for the longest tick label (12 px text: about 7 px a character).
  const left = Math.max(
    MARGIN.left,
    10 + 7 * Math.max(...scale.ticks.map((tick) => formatTick(tick).length)),
  );
  const plotWidth = Math.max(100, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, rows.length);
  const barWidth = grouped
    ? Math.max(1, (band * 0.8) / Math.max(1, keys.length))
    : Math.max(2, band * 0.7);
  // A label every few rows, as many as fit at about 52 px each (64 px for a group).
  const labelWidth = grouped ? 64 : 52;
  const every = Math.max(
    1,
    Math.ceil(rows.length / Math.max(1, Math.floor(plotWidth / labelWidth))),
  );
  const y = (count: number) =>
    MARGIN.top + plotHeight - toPixels(Math.max(0, count), scale.max, plotHeight);
  const tooltip = (label: string, key: string, value: number) =>
    `${formatLabel(label)}: ${describe(key, value)}`;

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
          {rows.map((row, index) => (
            <g key={row.label}>
              {grouped
                ? keys.map((key, k) => (
                    <rect
                      key={key}
                      x={left + index * band + band * 0.1 + k * barWidth}
                      width={Math.max(1, barWidth - 1)}
                      y={y(valueOf(row, key))}
                      height={Math.max(0, y(0) - y(valueOf(row, key)))}
                      fill={colorOf(key)}
                    >
                      <title>{tooltip(row.label, key, valueOf(row, key))}</title>
                    </rect>
                  ))
                : stacks[index]!.segments.map((segment) => (
                    <rect
                      key={segment.key}
                      x={left + index * band + (band - barWidth) / 2}
                      width={barWidth}
                      y={y(segment.to)}
                      height={Math.max(0, y(segment.from) - y(segment.to))}
                      fill={colorOf(segment.key)}
                    >
                      <title>{tooltip(row.label, segment.key, segment.value)}</title>
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
          ))}
          <line className="chart-axis" x1={left} x2={left + plotWidth} y1={y(0)} y2={y(0)} />
        </svg>
      </div>
      <figcaption>
        <p id={descId} className="chart-summary">
          {summary}
        </p>
        {legend && keys.length > 0 && (
          <ul className="chart-legend" aria-label="Legend">
            {keys.map((key) => (
              <li key={key}>
                <span
                  className="chart-swatch"
                  style={{ background: colorOf(key) }}
                  aria-hidden="true"
                />
                {nameOf ? nameOf(key) : key}
              </li>
            ))}
          </ul>
        )}
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
                {keys.map((key) => (
                  <th key={key} scope="col">
                    {nameOf ? nameOf(key) : capitalize(key)}
                  </th>
                ))}
                {legend && !grouped && <th scope="col">Total</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.label}>
                  <th scope="row">{formatLabel(row.label)}</th>
                  {keys.map((key) => (
                    <td key={key}>
                      {formatValue(
                        grouped
                          ? valueOf(row, key)
                          : (stacks[index]!.segments.find((s) => s.key === key)?.value ?? 0),
                      )}
                    </td>
                  ))}
                  {legend && !grouped && <td>{formatValue(stacks[index]!.total)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
