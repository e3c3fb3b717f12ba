import { useId, useState, type KeyboardEvent } from 'react';

export interface GigGalleryProps {
  title: string;
  images: readonly string[];
}

/**
 * The gig's pictures: one large, thumbnails to pick another. Keyboard: Tab to the thumbnails or
 * the Previous and Next buttons; the left and right arrow keys step through the pictures.
 */
export function GigGallery({ title, images }: GigGalleryProps) {
  const [index, setIndex] = useState(0);
  const labelId = useId();
  if (images.length === 0) return null;
  const count = images.length;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);
  const altFor = (i: number) => `${title}, picture ${i + 1} of ${count}`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="gig-gallery" aria-labelledby={labelId} onKeyDown={onKeyDown}>
      <h2 id={labelId} className="visually-hidden">
        Pictures
      </h2>
      <div className="gig-gallery-stage">
        <img
          src={images[current]}
          alt={altFor(current)}
          width={960}
          height={600}
          // The page's largest paint: fetched before the smaller pictures below it.
          fetchPriority="high"
          data-testid="gig-gallery-image"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="gig-gallery-step gig-gallery-prev"
              aria-label="Previous picture"
              onClick={() => go(current - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gig-gallery-step gig-gallery-next"
              aria-label="Next picture"
              onClick={() => go(current + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <>
          <p className="visually-hidden" aria-live="polite">
            Picture {current + 1} of {count}
          </p>
          <ul className="gig-gallery-thumbs">
            {images.map((src, i) => (
              <li key={src}>
                <button
                  type="button"
                  aria-label={`Show picture ${i + 1} of ${count}`}
                  aria-pressed={i === current}
                  onClick={() => go(i)}
                >
                  <img src={src} alt="" width={96} height={60} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
