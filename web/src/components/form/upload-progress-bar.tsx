import { useCallback, useState } from 'react';
import type { Send } from '@/lib/api-client';
import { sendWithProgress, type UploadProgress } from '@/lib/upload-progress';
import './file-drop.css';

/** The share of an upload sent, 0 to 100; null while the browser does not know the total. */
function uploadPercent(progress: UploadProgress): number | null {
  if (!progress.total) return null;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

/**
 * The progress of the form's upload: `track` runs an upload call with a `send` for the API
 * client that reports to it (XMLHttpRequest, lib/upload-progress.ts) and shows its progress until
 * it settles (null when nothing is uploading).
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const track = useCallback(async <T,>(upload: (send: Send) => Promise<T>): Promise<T> => {
    setProgress({ loaded: 0, total: null });
    try {
      return await upload(sendWithProgress(setProgress));
    } finally {
      setProgress(null);
    }
  }, []);
  return { progress, track };
}

/** How far an upload is: a bar with its percentage (moving stripes until the total is known). */
export function UploadProgressBar({
  progress,
  label = 'Uploading',
}: {
  progress: UploadProgress;
  /** What is uploading ("Uploading cv.pdf"): the bar's name. */
  label?: string;
}) {
  const percent = uploadPercent(progress);
  return (
    <div className="upload-progress">
      <div
        className="upload-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        data-indeterminate={percent === null || undefined}
      >
        <div className="upload-progress-fill" style={{ width: `${percent ?? 100}%` }} />
      </div>
      <p className="upload-progress-text" aria-hidden="true">
        {label}
        {percent === null ? '…' : `: ${percent}%`}
      </p>
    </div>
  );
}
