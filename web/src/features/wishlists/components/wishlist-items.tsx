import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isWishlistImage } from '@wayfarer/api/schemas/wishlist-image';
import { type WishlistKind } from '@wayfarer/api/schemas/userdb-rules';
import { Avatar } from '@/components/ui/avatar';
import { itemHref, KIND_LABELS } from '../utils/item-link';

export interface ItemView {
  kind: WishlistKind;
  ref: string;
  title: string;
  image?: string | null;
}

/** A grid of saved gigs, projects and people, each with an optional action (remove). */
export function WishlistItems<T extends ItemView>({
  items,
  action,
}: {
  items: readonly T[];
  action?: (item: T) => ReactNode;
}) {
  return (
    <ul className="wishlist-items">
      {items.map((item) => {
        const href = itemHref(item.kind, item.ref);
        // The item was written by a device (or long ago): only a picture the app would write
        // itself, or an https one, becomes an image source.
        const image = isWishlistImage(item.image) ? item.image : null;
        const body = (
          <>
            {item.kind === 'user' ? (
              <Avatar name={item.title} src={image} size={40} />
            ) : image ? (
              <img className="wishlist-thumb" src={image} alt="" width={40} height={40} />
            ) : (
              <span className="wishlist-thumb" aria-hidden="true" />
            )}
            <span className="wishlist-item-text">
              <span className="wishlist-item-title">{item.title}</span>
              <span className="muted">
                {KIND_LABELS[item.kind]}
                {item.kind === 'user' ? ` · @${item.ref}` : ''}
              </span>
            </span>
          </>
        );
        return (
          <li
            key={`${item.kind}:${item.ref}`}
            className="wishlist-item"
            data-testid="wishlist-item"
          >
            {href ? (
              <Link to={href} className="wishlist-item-link">
                {body}
              </Link>
            ) : (
              <span className="wishlist-item-link">{body}</span>
            )}
            {action?.(item)}
          </li>
        );
      })}
    </ul>
  );
}
