import type { Wishlist } from '@wayfarer/api/schemas';
import { WishlistItems } from './wishlist-items';
import './wishlists.css';

/** /@/{tagname}/wishlists: the lists a member made public, read-only. */
export function PublicWishlists({ wishlists, name }: { wishlists: Wishlist[]; name: string }) {
  if (wishlists.length === 0) {
    return (
      <div className="empty-state">
        <h2>No public wishlists</h2>
        <p>{name} has not shared any wishlists yet.</p>
      </div>
    );
  }
  return (
    <div className="wishlists">
      {wishlists.map((list) => (
        <section key={list.id} className="card wishlist" aria-label={list.name}>
          <h2>{list.name}</h2>
          <p className="muted wishlist-meta">{list.items.length} saved</p>
          {list.items.length === 0 ? (
            <p className="muted">Nothing saved in this list yet.</p>
          ) : (
            <WishlistItems items={list.items} />
          )}
        </section>
      ))}
    </div>
  );
}
