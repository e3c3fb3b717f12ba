export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation right after a link belongs to the sentence. */
const TRAILING = /[.,;:!?)\]]+$/;

/** Splits plain text into text and http(s) links, so a mail's links can be clicked. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let href = match[0];
    const trailing = TRAILING.exec(href)?.[0] ?? '';
    href = href.slice(0, href.length - trailing.length);
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href, text: href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A link to this app becomes a path, so following it stays in the single-page app. */
export function localPath(href: string, origin: string): string | null {
  try {
    const url = new URL(href);
    return url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}
