// A file's size as people read it. Its own module: only the order and admin pages use it, so
// it stays out of the first page's JavaScript.

/** "2.4 MB", "830 KB", "120 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
