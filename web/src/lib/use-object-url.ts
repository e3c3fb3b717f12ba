import { useEffect, useState } from 'react';

/**
 * A blob: URL for `blob` (a chosen image's preview), made when the blob is set and revoked when
 * it changes or the component goes, so previews never pin files in memory. null without a blob,
 * and until the URL for the current blob is made (never a revoked one).
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return made && made.blob === blob ? made.url : null;
}
