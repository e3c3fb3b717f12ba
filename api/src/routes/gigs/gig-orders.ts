import type { AppDeps } from '../../context';

type Deps = Pick<AppDeps, 'couch' | 'logger'>;

interface GigOrderCounts {
  /** Orders not yet completed, cancelled or expired: "in queue", and they block deleting the gig. */
  open: number;
  /** Every order ever placed on the gig. */
  total: number;
}

/** Orders per gig (the `orders/by_gig` view of wf_market), for Manage Gig, the agent dashboard and the delete check. */
export async function gigOrderCounts(
  deps: Deps,
  gigIds: readonly string[],
): Promise<Map<string, GigOrderCounts>> {
  const counts = new Map(gigIds.map((id) => [id, { open: 0, total: 0 }]));
  if (!gigIds.length) return counts;
  const result = await deps.couch.db('market').view('orders', 'by_gig', {
    keys: gigIds.flatMap((id) => [
      [id, 'open'],
      [id, 'closed'],
    ]),
    reduce: true,
    group: true,
  } as never);
  for (const row of result.rows as unknown as { key: [string, string]; value: number }[]) {
    const entry = counts.get(row.key[0]);
    if (!entry) continue;
    entry.total += row.value;
    if (row.key[1] === 'open') entry.open += row.value;
  }
  return counts;
}

/** Open orders on one gig: deleting a gig is refused while there is one (409). */
export async function openOrderCount(deps: Deps, gigId: string): Promise<number> {
  return (await gigOrderCounts(deps, [gigId])).get(gigId)?.open ?? 0;
}
