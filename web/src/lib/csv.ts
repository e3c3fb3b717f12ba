// CSV files made in the browser (exports people open in a spreadsheet) and saved as a download.
import { saveBlob } from './download';

export type CsvCell = string | number | null | undefined;

/**
 * A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break (quotes
 * doubled). Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe first: the cells hold what people typed (a gig's
 * title, a rejection reason). Numbers are written as they are.
 */
function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the rows under it, lines ended with CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * Saves `text` as the file `filename`. A byte order mark leads so that spreadsheet programs read
 * the file as UTF-8 (names with accents, the • of a masked account).
 */
export function downloadCsv(filename: string, text: string): void {
  saveBlob(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), filename);
}
