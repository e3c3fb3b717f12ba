export interface Suggestion {
  label: string;
  href: string;
}

const normalise = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * Suggestions whose label contains every word of `query` (any order), best first: labels that
 * start with the query, then the rest in their given order.
 */
export function matchSuggestions(query: string, suggestions: readonly Suggestion[]): Suggestion[] {
  const q = normalise(query);
  if (!q) return [];
  const words = q.split(/\s+/);
  const matches = suggestions.filter((s) => {
    const label = normalise(s.label);
    return words.every((word) => label.includes(word));
  });
  return [
    ...matches.filter((s) => normalise(s.label).startsWith(q)),
    ...matches.filter((s) => !normalise(s.label).startsWith(q)),
  ];
}
