import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, apiBlob, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';

export interface ProtectedFileLinkProps {
  /** The file's address as the API gives it (`/api/files/cv/<id>?v=...`). */
  href: string;
  /** The name the download is saved under. */
  fileName: string;
  children: ReactNode;
}

/**
 * A link to a file the server gives only to the signed-in member (a CV). A plain <a href> cannot
 * send the bearer token, so this fetches the file with it and saves it from a blob: URL.
 */
export function ProtectedFileLink({ href, fileName, children }: ProtectedFileLinkProps) {
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const download = async () => {
    setLoading(true);
    setError(null);
    try {
      const blob = await apiBlob(href.replace(/^\/api(?=\/)/, ''));
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The download has its own copy by then; the URL only holds memory.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (caught) {
      if (isMounted.current)
        setError(caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);
    } finally {
      if (isMounted.current) setLoading(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="text-button"
        onClick={() => void download()}
        aria-busy={isLoading || undefined}
        disabled={isLoading}
      >
        {children}
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}
