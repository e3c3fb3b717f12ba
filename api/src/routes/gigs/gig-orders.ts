import type { AppDeps } from '../../context';

type Deps = Pick<AppDeps, 'couch' | 'logger'>;

interface GigOrderCounts {
  /** Orders not yet completed or cancelled: they block deleting the gig. */
  open: number;
  /** Every order ever placed on the gig. */
  total: number;
}

/**
 * Orders per gig, for Manage Gig, the agent dashboard and the delete check. Orders are written
 * to wf_market by the orders issue, which fills this in (a view over orders by gig and status);
 * until then no order can exist, so every gig has none.
 */
export async function gigOrderCounts(
  _deps: Deps,
  gigIds: readonly string[],
): Promise<Map<string, GigOrderCounts>> {
  return new Map(gigIds.map((id) => [id, { open: 0, total: 0 }]));
}

/** Open orders on one gig: deleting a gig is refused while there is one (409). */
export async function openOrderCount(deps: Deps, gigId: string): Promise<number> {
  return (await gigOrderCounts(deps, [gigId])).get(gigId)?.open ?? 0;
}
