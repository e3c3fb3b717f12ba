import { useEffect, useRef, useState } from 'react';

/**
 * A list's search box whose text lives in the URL. The box keeps its own text while the person
 * types (its searches replace the URL's); when the URL's text changes from outside (Clear
 * filters, Back), `boxKey` changes so a new box shows the URL's. Call `report` with each search
 * the box makes before putting it in the URL.
 */
export function useSearchBox(urlText: string): { boxKey: number; report: (text: string) => void } {
  const reported = useRef(urlText);
  const [boxKey, setBoxKey] = useState(0);
  useEffect(() => {
    if (urlText === reported.current) return;
    reported.current = urlText;
    setBoxKey((key) => key + 1);
  }, [urlText]);
  return {
    boxKey,
    report: (text) => {
      reported.current = text;
    },
  };
}
