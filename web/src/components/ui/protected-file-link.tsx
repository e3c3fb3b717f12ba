import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, apiBlob, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

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
      saveBlob(await apiBlob(href.replace(/^\/api(?=\/)/, '')), fileName);
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
