export interface AvatarProps {
  name: string;
  src?: string | null;
  /** Rendered size in px. */
  size?: number;
  className?: string;
}

/** Up to two initials from a full name ("Sofia Marquez" → "SM"). */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word ?? '')][0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * A person's photo, or their initials on the brand colour. Decorative: the name is nearby. The
 * initials are drawn by CSS (`data-initials`), not text: a button labelled with the person's name
 * (the areas' account menu) would otherwise show text its accessible name lacks (axe's
 * label-content-name-mismatch, found by every-route.spec).
 */
export function Avatar({ name, src, size = 40, className }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  const classes = ['avatar', className].filter(Boolean).join(' ');
  if (src)
    return <img className={classes} src={src} alt="" width={size} height={size} style={style} />;
  return (
    <span className={classes} style={style} data-initials={initialsOf(name)} aria-hidden="true" />
  );
}
