// API answers the server writes into the shell of a landing page (api/src/web/page-data.ts), so
// the page paints without waiting for a request its code would only start once it is in. Both
// sides name a request the same way here. No zod: the web app imports this at run time.

/** The id of the `<script type="application/json">` element that holds the answers, by key. */
export const PAGE_DATA_ID = 'page-data';

export type PageDataQuery = Record<string, string | number | null | undefined>;

/**
 * A GET request's key: its path below `/api`, then its query with the parameters in name order
 * and those without a value left out (the web app's api-client leaves them out as well).
 */
export function pageDataKey(path: string, query: PageDataQuery = {}): string {
  const params = Object.entries(query)
    .filter(
      (entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined,
    )
    .map(([name, value]) => [name, String(value)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}
