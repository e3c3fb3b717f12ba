// The API answers a landing page asks for first, written into its shell as JSON (issue 20: the
// gig page painted nothing until its gig arrived, Explore's first picture waited for its search;
// both requests start only once the page's code is in). The web app reads them from the element
// (web/src/lib/page-data.ts) instead of asking again; keys are schemas/page-data.ts's.
import { PAGE_DATA_ID } from '../schemas/page-data';

/**
 * JSON that may sit inside a `<script>` element: `<` is escaped (no `</script>` or `<!--` can end
 * or bend the element, whatever a gig's text says), and so are the two line separators that
 * older JavaScript parsers refused in strings.
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The shell with `data` in a `<script type="application/json">` before `</body>`. */
export function injectPageData(html: string, data: Record<string, unknown>): string {
  const element = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(data)}</script>`;
  if (/<\/body>/i.test(html)) return html.replace(/<\/body>/i, () => `${element}\n  </body>`);
  return `${html}${element}`;
}
