import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { dismiss, notificationStore, notify, type NotifyInput } from '@/stores/notification';
import { useTouchGestures } from './touch-gestures';

/**
 * `window.dispatchEvent(new CustomEvent(NOTIFY_EVENT, { detail }))` shows `detail` in the
 * snackbar: the door for code that cannot import the store (a service worker bridge in another
 * bundle, a browser test). An invalid `detail` is reported with the spec's error text.
 */
const NOTIFY_EVENT = 'wayfarer:notify';

function useNotifyEvents() {
  useEffect(() => {
    const onNotify = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      try {
        notify(detail as NotifyInput);
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    };
    window.addEventListener(NOTIFY_EVENT, onNotify);
    return () => window.removeEventListener(NOTIFY_EVENT, onNotify);
  }, []);
}

/**
 * The one snackbar of the app (spec sections 4 and 9): one message at a time, 5000 ms each, a
 * click (or a swipe) dismisses it; bottom of the screen, top-right from the xl breakpoint.
 */
export function Snackbar() {
  const { current } = useSnapshot(notificationStore);
  // On the region, which is always mounted: touches on the message bubble up to it.
  const regionRef = useRef<HTMLDivElement>(null);
  useNotifyEvents();
  useTouchGestures(regionRef, { onSwipe: () => dismiss() });

  // The live region stays mounted so screen readers announce messages as they arrive. It sits in
  // a landmark of its own, so a message on screen is never page content outside every landmark.
  return (
    <aside aria-label="Announcements">
      <div ref={regionRef} className="snackbar-region" role="status" aria-live="polite">
        {current && (
          <button
            key={current.id}
            type="button"
            className={`snackbar snackbar-${current.kind}`}
            data-kind={current.kind}
            onClick={() => dismiss(current.id)}
          >
            {current.message}
            <span className="visually-hidden"> (select to dismiss)</span>
          </button>
        )}
      </div>
    </aside>
  );
}
