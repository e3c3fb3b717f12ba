import { LineIcon } from '@/components/ui/line-icon';
import { formatFileSize } from '@/lib/file-size';
import { useObjectUrl } from '@/lib/use-object-url';
import './file-drop.css';

/** Types a browser shows in an <img>: these get a preview, other files their name and size. */
const PREVIEWED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** A page with a folded corner. */
const DOCUMENT_ICON = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5';

export interface FileChipProps {
  file: Blob;
  /** The name shown (a File's own name unless given). */
  name: string;
  /** Without it the chip has no Remove button. */
  onRemove?: () => void;
}

/** One chosen file in a list: an image's preview, or a document icon, its name and size. */
export function FileChip({ file, name, onRemove }: FileChipProps) {
  const isImage = PREVIEWED.has(file.type);
  const preview = useObjectUrl(isImage ? file : null);
  return (
    <li className="file-chip">
      {isImage ? (
        preview ? (
          <img className="file-chip-thumb" src={preview} alt={`Preview of ${name}`} />
        ) : (
          <span className="file-chip-thumb" />
        )
      ) : (
        <span className="file-chip-thumb file-chip-icon">
          <LineIcon d={DOCUMENT_ICON} size={22} />
        </span>
      )}
      <span className="file-chip-text">
        <span className="file-chip-name">{name}</span>
        <span className="file-chip-size">{formatFileSize(file.size)}</span>
      </span>
      {onRemove && (
        <button
          type="button"
          className="text-button file-chip-remove"
          onClick={onRemove}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
      )}
    </li>
  );
}
