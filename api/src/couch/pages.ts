/**
 * A key range read in pages: each read asks for one row more than a page, whose key is where the
 * next page starts, so no row is read twice and nothing is skipped.
 */
export async function* inPages<R>(
  /** One page: up to `limit` rows from `start` (undefined: the range's own start). */
  read: (limit: number, start: unknown) => Promise<R[]>,
  /** The start of the page after, from its first row (the extra one). */
  startOf: (row: R) => unknown,
  pageSize = 1000,
): AsyncGenerator<R[]> {
  let start: unknown = undefined;
  for (;;) {
    const rows = await read(pageSize + 1, start);
    yield rows.slice(0, pageSize);
    if (rows.length <= pageSize) return;
    start = startOf(rows[pageSize]!);
  }
}
