import { hueFor } from '../utils/format';

/** The post's cover image, or a calm colour field of its own when it has none. Decorative. */
export function PostCover({
  slug,
  cover,
  className,
}: {
  slug: string;
  cover: string | null;
  className?: string;
}) {
  const classes = ['post-cover', className].filter(Boolean).join(' ');
  if (cover) return <img className={classes} src={cover} alt="" loading="lazy" decoding="async" />;
  const hue = hueFor(slug);
  return (
    <span
      className={`${classes} post-cover-blank`}
      aria-hidden="true"
      style={{ ['--cover-hue' as string]: String(hue) }}
    >
      <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
        <path
          d="M12 3l3 9-3 9-3-9z M12 12h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
