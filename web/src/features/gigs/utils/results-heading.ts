/**
 * The explore page's results heading. A search sorted by relevance stops reading once its page
 * is full, so its total may count only the matches read so far (`total_capped`): "21+ gigs".
 */
export function resultsHeading(
  status: 'loading' | 'ready' | 'error',
  list: { meta: { total: number; total_capped?: boolean } } | null,
  filters: { q?: string },
): string {
  if (status === 'error') return 'No results';
  if (!list || status === 'loading') return 'Searching…';
  const { total, total_capped: capped } = list.meta;
  const count = `${total}${capped ? '+' : ''} gig${total === 1 && !capped ? '' : 's'}`;
  return filters.q ? `${count} for “${filters.q}”` : count;
}
