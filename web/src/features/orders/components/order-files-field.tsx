import { FileDrop } from '@/components/form/file-drop';
import { ORDER_FILE_ACCEPT, ORDER_FILES_MAX, orderFileProblem } from '@/lib/order-files';
import type { UploadProgress } from '@/lib/upload-progress';
import { plural } from '@/lib/format';

export interface OrderFilesFieldProps {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** The server's error for the files, if any. */
  error?: string;
  /** Their upload, while it runs. */
  progress?: UploadProgress | null;
}

/**
 * Picking order files (requirements, deliveries): each checked by its content and size as it is
 * picked or dropped, listed with a Remove button; what was left out says why.
 */
export function OrderFilesField({ label, files, onChange, error, progress }: OrderFilesFieldProps) {
  return (
    <FileDrop
      label={label}
      hint={`Up to ${ORDER_FILES_MAX} files: PNG, JPEG or WebP images or PDF documents, each at most 5 MB.`}
      accept={ORDER_FILE_ACCEPT}
      multiple
      files={files}
      onAdd={(added) => onChange([...files, ...added])}
      onRemove={(index) => onChange(files.filter((_, i) => i !== index))}
      check={orderFileProblem}
      maxFiles={ORDER_FILES_MAX}
      errors={error ? [error] : []}
      progress={progress}
      progressLabel={`Uploading ${plural(files.length, 'file')}`}
      disabled={!!progress}
    />
  );
}
