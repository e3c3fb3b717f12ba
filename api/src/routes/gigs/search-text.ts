/**
 * The search tokenizer and the token Bloom filter. The CouchDB map functions
 * design-docs/catalog/gigs/views/search/map.js, design-docs/catalog/gigsort/views/sorted/map.js
 * and design-docs/catalog/gigword/views/sorted/map.js do the same in ES5; unit tests check that
 * they give the same tokens, filter and tie-break.
 */
const STOPWORDS = new Set(
  'a an and are as at be by for from has have i in is it its of on or our the this to we with you your will can my me us do de la le el en et'.split(
    ' ',
  ),
);
const MAX_TOKENS = 80;

function stem(token: string): string {
  if (token.length > 4 && token.endsWith('ies')) return token.slice(0, -3) + 'y';
  if (token.length > 4 && /(ss|x|z|ch|sh)es$/.test(token)) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss') && !token.endsWith('us'))
    return token.slice(0, -1);
  return token;
}

/** Lower-case words without accents, stop words or plural "s", each once, at most MAX_TOKENS. */
export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  const seen = new Set<string>();
  const tokens: string[] = [];
  for (const word of words) {
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    const token = stem(word);
    if (seen.has(token)) continue;
    seen.add(token);
    tokens.push(token);
    if (tokens.length >= MAX_TOKENS) break;
  }
  return tokens;
}

/** FNV-1a, 32 bits, with a seed: two of them set two bits per token in a 64-bit filter. */
function fnv(token: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The last sort key of gigsort/sorted and gigword/sorted (`fnv` of the document id): equal
 * prices and dates come in the same order in both, and in the tests' and benchmark's own sort.
 */
export const tieBreak = (id: string): number => fnv(id, 0);

function bloomBits(token: string): [number, number] {
  return [fnv(token, 0) % 64, fnv(token, 0x5bd1e995) % 64];
}

/** The filter as 16 hex digits (high word then low word). */
export function bloomOf(tokens: string[]): string {
  let high = 0;
  let low = 0;
  for (const token of tokens) {
    for (const bit of bloomBits(token)) {
      if (bit >= 32) high = (high | (1 << (bit - 32))) >>> 0;
      else low = (low | (1 << bit)) >>> 0;
    }
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/** Whether a filter may hold a token (false positives possible, false negatives not). */
export function bloomHas(bloom: string, token: string): boolean {
  const high = parseInt(bloom.slice(0, 8), 16) >>> 0;
  const low = parseInt(bloom.slice(8), 16) >>> 0;
  return bloomBits(token).every(
    (bit) => (bit >= 32 ? (high >>> (bit - 32)) & 1 : (low >>> bit) & 1) === 1,
  );
}
