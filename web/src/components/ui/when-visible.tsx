import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

export interface WhenVisibleProps {
  /** Rendered (and so loaded, when it is lazy) once the spot comes near the viewport. */
  children: ReactNode;
  /** Space kept meanwhile, so nothing below moves when it arrives. */
  minHeight?: string;
  /** How far ahead of the viewport to start, as a CSS margin. */
  rootMargin?: string;
}

/**
 * Renders `children` only when this spot is about to be seen: below-the-fold sections of a page
 * stay out of its first load. Without IntersectionObserver they render at once.
 */
export function WhenVisible({ children, minHeight, rootMargin = '300px' }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [isVisible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (isVisible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isVisible, rootMargin]);

  return (
    <div ref={ref} style={isVisible ? undefined : { minHeight }}>
      {isVisible && <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense>}
    </div>
  );
}
