// The app's line icons: one stroked path on a 24 × 24 grid in the text colour. Decorative: hidden
// from assistive technology, the control or text beside it carries the name.

export interface LineIconProps {
  /** The path (`d`). */
  d: string;
  /** Width and height in CSS pixels. */
  size?: number;
  /** Stroke width, in grid units. */
  weight?: number;
  /** Round joins as well as round ends (false: the path's corners stay sharp). */
  roundJoins?: boolean;
  className?: string;
}

export function LineIcon({
  d,
  size = 20,
  weight = 1.8,
  roundJoins = true,
  className,
}: LineIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={weight}
        strokeLinecap="round"
        strokeLinejoin={roundJoins ? 'round' : undefined}
      />
    </svg>
  );
}
