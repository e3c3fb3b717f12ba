import { useEffect, useRef, useState } from 'react';

/**
 * The rendered width of the element `ref` is attached to, following resizes. Charts draw at
 * their real size, so their text stays legible on a phone instead of shrinking with a viewBox.
 */
export function useElementWidth<E extends HTMLElement>(fallback = 640) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
