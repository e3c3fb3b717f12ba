// What can wait until the page has shown its first content: below-the-fold sections' code, a
// request whose answer nobody waits for. Started before that paint, such downloads share the
// phone's bandwidth with what the paint needs (and Lighthouse counts every request that began
// before it as part of the way to it). Issue 20.
import { startTransition, useEffect, useState } from 'react';

/** Past this, whatever waits goes ahead (a page that paints nothing still gets its parts). */
const LONGEST_WAIT_MS = 3000;

let painted = false;
let waiting: Promise<void> | undefined;

/** Resolves once the page has painted content (a task after it), or after LONGEST_WAIT_MS. */
export function firstPaint(): Promise<void> {
  waiting ??= new Promise<void>((resolve) => {
    const done = () => {
      if (painted) return;
      painted = true;
      setTimeout(resolve, 0);
    };
    setTimeout(done, LONGEST_WAIT_MS);
    const paints =
      typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
    if (!paints.includes('paint')) {
      // No paint timing: the frame after this one has been drawn.
      requestAnimationFrame(() => setTimeout(done, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  return waiting;
}

/** False until the page's first content has been painted (then true, for every later render). */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let active = true;
    void firstPaint().then(() => {
      // A transition: React renders what waited in slices, yielding to the browser between
      // them, instead of one long task (they showed as Lighthouse's blocking time).
      if (active) startTransition(() => setReady(true));
    });
    return () => {
      active = false;
    };
  }, [ready]);
  return ready;
}
