import { useId, useRef, useState, type ChangeEvent } from 'react';
import { formatFileSize } from '@/lib/file-size';
import { addOrderFiles, ORDER_FILES_MAX } from '../utils/files';

export interface OrderFilesFieldProps {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** The server's error for the files, if any. */
  error?: string;
}

/**
 * Picking order files (requirements, deliveries): each checked by its content and size as it is
 * picked, listed with a Remove button; what was left out says why.
 */
export function OrderFilesField({ label, files, onChange, error }: OrderFilesFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    const result = await addOrderFiles(files, picked);
    setProblems(result.errors);
    onChange(result.files);
  };

  const describedBy = [`${id}-hint`, problems.length || error ? `${id}-errors` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field order-files">
      <label htmlFor={`${id}-input`}>{label}</label>
      <p id={`${id}-hint`} className="field-hint">
        Up to {ORDER_FILES_MAX} files: PNG, JPEG or WebP images or PDF documents, each at most 5 MB.
      </p>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp,application/pdf"
        aria-describedby={describedBy}
        onChange={(event) => void pick(event)}
      />
      {(problems.length > 0 || error) && (
        <div id={`${id}-errors`} role="alert">
          {error && <p className="field-error">{error}</p>}
          {problems.map((problem) => (
            <p key={problem} className="field-error">
              {problem}
            </p>
          ))}
        </div>
      )}
      {files.length > 0 && (
        <ul className="order-file-list" aria-label={`${label}: chosen`}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span className="order-file-name">{file.name}</span>{' '}
              <span className="muted">({formatFileSize(file.size)})</span>{' '}
              <button
                type="button"
                className="text-button"
                onClick={() => {
                  onChange(files.filter((_, i) => i !== index));
                  inputRef.current?.focus();
                }}
              >
                Remove<span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
