// Answers the server wrote into this page's shell (api/src/web/page-data.ts), by request
// (`pageDataKey`): a landing page's first requests are answered from them instead of the network,
// so the gig page and Explore paint as soon as their code is in. Each answer serves once, and only
// in the first minute after the page loaded; after that, or for any other request, the page asks.
import { PAGE_DATA_ID, pageDataKey, type PageDataQuery } from '@wayfarer/api/schemas/page-data';

const FRESH_MS = 60_000;
let answers: Map<string, unknown> | undefined;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as Record<string, unknown>;
      for (const [key, value] of Object.entries(parsed)) answers.set(key, value);
    } catch {
      // A broken element serves nothing: the page asks the API as usual.
    }
  }
  element?.remove();
  return answers;
}

/** The shell's answer to GET /api{path}?{query}, once; undefined when it has none (any more). */
export function takeServed<T>(path: string, query?: PageDataQuery): T | undefined {
  const served = read();
  if (performance.now() > FRESH_MS) served.clear();
  const key = pageDataKey(path, query);
  if (!served.has(key)) return undefined;
  const value = served.get(key) as T;
  served.delete(key);
  return value;
}
