// A Markdown text (a message, a notification's body) as the one line of plain text a list shows
// under a title: the inbox, the notifications page. The marks go, the words stay.

/**
 * Private-use stand-ins for characters that must stay as written: backslash-escaped ones
 * (`\*` is a plain `*`) and those inside code spans (`a_b*c` keeps its marks).
 */
const SHIELD_BASE = 0xe000;
const SHIELDED = /[\ue000-\ue07f]/g;
const MARK_CHARS = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

const shield = (char: string) => String.fromCharCode(SHIELD_BASE + char.charCodeAt(0));
const shieldMarks = (text: string) => text.replace(MARK_CHARS, shield);
const unshield = (text: string) =>
  text.replace(SHIELDED, (char) => String.fromCharCode(char.charCodeAt(0) - SHIELD_BASE));

/** The marks at the start of a line: quotes, headings, list items and their task boxes. */
function stripLineMarks(line: string): string {
  let rest = line;
  for (;;) {
    const quote = rest.replace(/^\s{0,3}>\s?/, '');
    const heading = quote.replace(/^\s{0,3}#{1,6}(?:\s+|$)/, '');
    let next = heading.replace(/^\s*(?:[-*+]|\d{1,9}[.)])(?:\s+|$)(?:\[[ xX]\]\s+)?/, '');
    // A heading may close with hashes: `## Title ##`.
    if (heading !== quote) next = next.replace(/\s+#+\s*$/, '');
    if (next === rest) return rest;
    rest = next;
  }
}

/** Lines that only draw: rules (`---`, `***`), heading underlines (`===`) and code fences. */
const DRAWING_LINE = /^\s{0,3}(?:(?:[-*_]\s*){3,}|=+\s*|-+\s*|(?:`{3,}|~{3,}).*)$/;
/** Reference link definitions: `[1]: https://example.com "title"`. */
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S+.*$/;

/**
 * A plain-text preview of a Markdown text on one line: emphasis and code marks go; links keep
 * their text and images their alt text; headings, quotes and list markers go; line breaks
 * become spaces; raw HTML stays as written (messages show it as text). Longer than `max`
 * characters, it is cut with "…". Rendered as text, never as HTML: this is about looks, not
 * safety.
 */
export function plainPreview(markdown: string, max = 120): string {
  const text = markdown
    .replace(/\r\n?/g, '\n')
    .replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, (_, char: string) => shield(char))
    .split('\n')
    .filter((line) => !DRAWING_LINE.test(line) && !LINK_DEFINITION.test(line))
    .map(stripLineMarks)
    .join('\n')
    // Code spans keep their text as written.
    .replace(/(`+)([^`][\s\S]*?)\1(?!`)/g, (_, __, code: string) => shieldMarks(code.trim()))
    // Images keep their alt text, links their text (inline or by reference), autolinks the URL;
    // a link cut off by an earlier shortening keeps its text too.
    .replace(/!\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])?/g, '$1')
    .replace(/\[([^\]]+)\](?:\([^)]*\)|\[[^\]]*\]|\([^)]*$)/g, '$1')
    .replace(/<((?:https?|mailto):[^\s<>]+)>/gi, '$1')
    // Emphasis: * anywhere, _ only at word edges (snake_case stays as it is); then the strong
    // marks left open by a shortening.
    .replace(/(\*{1,3})(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}_])(_{1,3})(?=\S)([\s\S]*?\S)\2(?![\p{L}\p{N}_])/gu, '$1$3')
    .replace(/\*{2,3}(?=\S)|(\S)\*{2,3}/g, '$1')
    // A backslash at the end of a line is a hard line break.
    .replace(/\\\n/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(unshield(text));
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}
