import type { Couch } from '../../couch/connect';
import type { ServiceSummary } from '../../schemas';

/** Active services in the footer's order, from the `services/active` view. */
export async function listActiveServices(couch: Couch): Promise<ServiceSummary[]> {
  const result = await couch.db('catalog').view<{ name: string }>('services', 'active');
  return result.rows.map((row) => ({ id: row.id.replace(/^service:/, ''), name: row.value.name }));
}
