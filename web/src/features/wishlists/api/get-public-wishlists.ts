import type { Wishlist } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';

/** GET /api/user/{tagname}/wishlists: someone's public lists (404: no such member). */
export async function getPublicWishlists(
  tagname: string,
  options: { signal?: AbortSignal } = {},
): Promise<Wishlist[]> {
  const response = await api.get<{ data: Wishlist[] }>(
    `/user/${encodeURIComponent(tagname)}/wishlists`,
    options,
  );
  return response.data;
}
