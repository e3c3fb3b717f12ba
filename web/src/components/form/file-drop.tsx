import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { LineIcon } from '@/components/ui/line-icon';
import { plural } from '@/lib/format';
import type { UploadProgress } from '@/lib/upload-progress';
import { FileChip } from './file-chip';
import { UploadProgressBar } from './upload-progress-bar';

// The file controls are imported from here, so the bundler keeps them in one chunk (each chunk
// is one more name in the tables of lazy chunks, one of which the first page loads).
export { UploadProgressBar, useUploadProgress } from './upload-progress-bar';
import './form.css';
import './file-drop.css';

/** An arrow up out of a tray. */
const UPLOAD_ICON = 'M12 15V4M7.5 8.5L12 4l4.5 4.5M5 14v4a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-4';

export interface FileDropProps {
  /** The field's label: it names the file input, which assistive technology and tests find. */
  label: string;
  /** The accepted types and the size limit, in words (the limits the form and the API apply). */
  hint: string;
  /** The picker's filter; dropped files are not filtered by it, `check` is what refuses them. */
  accept?: string;
  /** Several files (added to `files`); else one, which replaces the chosen one. */
  multiple?: boolean;
  name?: string;
  /** The files chosen so far, each listed with a preview or its name and size. */
  files: readonly File[];
  /** Files picked or dropped that passed `check` (and fit `maxFiles`). */
  onAdd: (files: File[]) => void | Promise<void>;
  onRemove?: (index: number) => void;
  /** Why a file is refused (its type, its size), or null; it may read the file's first bytes. */
  check?: (file: File) => string | null | Promise<string | null>;
  /** With `multiple`: how many files `files` may hold; the ones beyond are left out, saying so. */
  maxFiles?: number;
  /** Errors from elsewhere: the form's own check on submit, the server's answer. */
  errors?: readonly string[];
  /** The upload under way, if any. */
  progress?: UploadProgress | null;
  /** The progress bar's name ("Uploading cv.pdf"); "Uploading" unless given. */
  progressLabel?: string;
  disabled?: boolean;
}

const hasFiles = (event: DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A file field: a drop zone with a "Choose" button that opens the picker, drag and drop, the
 * files chosen with their previews and Remove buttons, the refused ones with the reason, and the
 * upload's progress. A real file input stays inside (visually hidden, labelled), so the picker,
 * a form's `name` and automation reach it as before; the button is what the keyboard reaches.
 */
export function FileDrop({
  label,
  hint,
  accept,
  multiple = false,
  name,
  files,
  onAdd,
  onRemove,
  check,
  maxFiles,
  errors = [],
  progress = null,
  progressLabel,
  disabled = false,
}: FileDropProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dragDepth = useRef(0);
  const [isDragging, setDragging] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const shown = [...problems, ...errors];
  const ids = { input: `${id}-input`, hint: `${id}-hint`, errors: `${id}-errors` };
  const describedBy = [ids.hint, shown.length ? ids.errors : null].filter(Boolean).join(' ');

  const pick = async (picked: File[]) => {
    const candidates = multiple ? picked : picked.slice(0, 1);
    if (candidates.length === 0) return;
    const accepted: File[] = [];
    const refused: string[] = [];
    let room = multiple ? (maxFiles ?? Infinity) - files.length : 1;
    for (const file of candidates) {
      const problem = check ? await check(file) : null;
      if (problem) refused.push(problem);
      else if (room <= 0)
        refused.push(`${file.name} was left out: at most ${plural(maxFiles ?? 1, 'file')}.`);
      else {
        accepted.push(file);
        room -= 1;
      }
    }
    setProblems(refused);
    if (accepted.length > 0) await onAdd(accepted);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again (after a Remove) is a change again.
    event.target.value = '';
    void pick(picked);
  };

  const drag = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    },
    // Entering a child leaves the parent first: the zone stays lit until the last leave.
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      if (!disabled) void pick(Array.from(event.dataTransfer.files));
    },
  };

  return (
    <div className="field file-drop-field">
      <label htmlFor={ids.input}>{label}</label>
      <div
        className="file-drop"
        data-testid="file-drop"
        data-dragging={isDragging || undefined}
        data-invalid={shown.length > 0 || undefined}
        {...drag}
      >
        <LineIcon d={UPLOAD_ICON} size={28} className="file-drop-icon" />
        <div className="file-drop-action">
          <button
            ref={buttonRef}
            type="button"
            className="button button-secondary"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            aria-describedby={describedBy}
          >
            {multiple ? 'Choose files' : 'Choose a file'}
          </button>
          <span className="file-drop-or">or drop {multiple ? 'them' : 'it'} here</span>
        </div>
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
        <input
          ref={inputRef}
          id={ids.input}
          className="visually-hidden"
          type="file"
          name={name}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          tabIndex={-1}
          // Focus sent here (a form's "first invalid field", a label's click) lands on the button.
          onFocus={() => buttonRef.current?.focus()}
          aria-invalid={shown.length > 0 || undefined}
          aria-describedby={describedBy}
          onChange={onChange}
        />
      </div>
      {files.length > 0 && (
        // Not named after the label: a locator by the label must find the input alone.
        <ul className="file-chips" aria-label={multiple ? 'Chosen files' : 'Chosen file'}>
          {files.map((file, index) => (
            <FileChip
              key={`${file.name}-${file.size}-${index}`}
              file={file}
              name={file.name}
              onRemove={
                onRemove &&
                (() => {
                  setProblems([]);
                  onRemove(index);
                  buttonRef.current?.focus();
                })
              }
            />
          ))}
        </ul>
      )}
      {progress && <UploadProgressBar progress={progress} label={progressLabel} />}
      {shown.length > 0 && (
        <div id={ids.errors} role="alert">
          {shown.map((text) => (
            <p key={text} className="field-error" data-field-error>
              {text}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
