import { useEffect, useState } from 'react';
import { authStore } from '@/stores/auth';

/**
 * A gig image of the server as an object URL. Images of drafts and paused gigs are shown to
 * their owner only, so the request carries the session's token (an <img> could not).
 */
export function useGigImage(url: string): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let isActive = true;
    let made: string | null = null;
    const token = authStore.token;
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !isActive) return;
        made = URL.createObjectURL(blob);
        setObjectUrl(made);
      })
      .catch(() => undefined);
    return () => {
      isActive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return objectUrl;
}
