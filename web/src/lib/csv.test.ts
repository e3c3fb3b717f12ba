import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows, CRLF-terminated, empty cells for null and undefined', () => {
    expect(
      toCsv(
        ['id', 'amount', 'note'],
        [
          ['a1', '12.50', null],
          ['a2', 3, undefined],
        ],
      ),
    ).toBe('id,amount,note\r\na1,12.50,\r\na2,3,\r\n');
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(toCsv(['x'], [['Kyoto, Japan'], ['say "hi"'], ['two\nlines']])).toBe(
      'x\r\n"Kyoto, Japan"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(toCsv(['x'], [['=HYPERLINK("http://evil")'], ['+1'], ['@SUM(A1)'], [-5]])).toBe(
      'x\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'+1\r\n\'@SUM(A1)\r\n-5\r\n',
    );
  });

  it('keeps accents and other non-ASCII text as it is', () => {
    expect(toCsv(['name'], [['Amélie · FR76 •••• 0189']])).toBe(
      'name\r\nAmélie · FR76 •••• 0189\r\n',
    );
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a temporary download link to a CSV blob that starts with a byte order mark', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blob = value as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    downloadCsv('history.csv', 'a,b\r\n');
    expect(clicked).toEqual([{ href: 'blob:csv', download: 'history.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('a,b\r\n');
  });
});
