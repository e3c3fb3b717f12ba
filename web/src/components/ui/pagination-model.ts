// Which page links a pager shows (spec section 9: page range 3, margin pages 1), in the manner of
// react-paginate: the first and last `marginPages` pages, `pageRange` pages around the current
// one, and a gap wherever pages are left out (a gap of exactly one page shows that page instead).

export const PAGINATION = { pageRange: 3, marginPages: 1 } as const;

export type PageItem = number | 'gap';

/** Page numbers (1-based) and gaps for page `current` of `total`. */
export function paginationItems(
  current: number,
  total: number,
  pageRange: number = PAGINATION.pageRange,
  marginPages: number = PAGINATION.marginPages,
): PageItem[] {
  if (total <= 0) return [];
  const selected = Math.min(Math.max(current, 1), total) - 1;
  if (total <= pageRange) return Array.from({ length: total }, (_, i) => i + 1);

  let leftSide = pageRange / 2;
  let rightSide = pageRange - leftSide;
  if (selected > total - pageRange / 2) {
    rightSide = total - selected;
    leftSide = pageRange - rightSide;
  } else if (selected < pageRange / 2) {
    leftSide = selected;
    rightSide = pageRange - leftSide;
  }
  const adjustedRight = selected === 0 && pageRange > 1 ? rightSide - 1 : rightSide;

  const items: { kind: 'page' | 'gap'; index: number }[] = [];
  for (let index = 0; index < total; index += 1) {
    const page = index + 1;
    const isMargin = page <= marginPages || page > total - marginPages;
    const isInRange = index >= selected - leftSide && index <= selected + adjustedRight;
    if (isMargin || isInRange) items.push({ kind: 'page', index });
    else if (items.length > 0 && items[items.length - 1]?.kind !== 'gap') {
      items.push({ kind: 'gap', index });
    }
  }
  return items.map((item, i) => {
    if (item.kind === 'page') return item.index + 1;
    const before = items[i - 1];
    const after = items[i + 1];
    // A gap hiding a single page shows that page: "1 … 3" becomes "1 2 3".
    if (before?.kind === 'page' && after?.kind === 'page' && after.index - before.index <= 2) {
      return item.index + 1;
    }
    return 'gap';
  });
}
