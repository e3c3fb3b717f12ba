/**
 * A one-line plain-text preview of a Markdown message for the inbox list: links keep their
 * text, emphasis and code marks go, line breaks become spaces. It is rendered as text (never as
 * HTML), so this is about looks, not safety.
 */
export function plainPreview(markdown: string, max = 120): string {
  const text = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*{1,3}|_{1,3})(\S(?:[\s\S]*?\S)?)\1/g, '$2')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
