import { describe, expect, it } from 'vitest';
import type { WishlistItemDoc } from '@wayfarer/api/schemas/userdb-docs';
import { wishlistItemId, type WishlistKind } from '@wayfarer/api/schemas/userdb-rules';
import { savedGigCount } from './saved-gigs';

const item = (list: string, kind: WishlistKind, ref: string): WishlistItemDoc => ({
  _id: wishlistItemId(list, kind, ref),
  type: 'wishlist_item',
  list_id: list,
  kind,
  ref,
  title: ref,
  added_at: '2026-03-01T10:00:00.000Z',
});

describe('savedGigCount', () => {
  it('counts each saved gig once, whatever the number of lists holding it', () => {
    expect(
      savedGigCount([
        item('wishlist:a', 'gig', 'g1'),
        item('wishlist:b', 'gig', 'g1'),
        item('wishlist:a', 'gig', 'g2'),
      ]),
    ).toBe(2);
  });

  it('leaves out projects and people, and anything that is not a wishlist item', () => {
    const stray = {
      ...item('wishlist:a', 'gig', 'g9'),
      type: 'wishlist',
    } as unknown as WishlistItemDoc;
    expect(
      savedGigCount([
        item('wishlist:a', 'project', 'p1'),
        item('wishlist:a', 'user', 'amara_guides'),
        item('wishlist:a', 'gig', 'g1'),
        stray,
      ]),
    ).toBe(1);
  });

  it('counts a gig kept from a list deleted on another device, as the heart and the page do', () => {
    expect(savedGigCount([item('wishlist:gone', 'gig', 'g1')])).toBe(1);
    expect(savedGigCount([])).toBe(0);
  });
});
