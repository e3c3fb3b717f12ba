import { useEffect, useRef } from 'react';

/**
 * A form saved offline keeps what waits in its values (`waiting`: true, or what to do); once the
 * connection is back, `send` runs with the latest values and what waits (with the form open).
 */
export function useSendWhenOnline<V, W extends string | boolean>(
  isOnline: boolean,
  waiting: W,
  values: V,
  send: (values: V, waiting: Exclude<W, '' | false>) => unknown,
) {
  const latest = useRef(values);
  latest.current = values;
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (isOnline && waiting)
      void sendRef.current(latest.current, waiting as Exclude<W, '' | false>);
  }, [isOnline, waiting]);
}
