import { useId, useState, type FormEvent } from 'react';
import '@/components/form/form.css';
import type { WishlistDoc, WishlistItemDoc } from '@wayfarer/api/schemas/userdb-docs';
import { type WishlistVisibility } from '@wayfarer/api/schemas/userdb-rules';
import { Modal } from '@/components/ui/modal';
import { useSnapshot } from 'valtio';
import { notifyError } from '@/stores/notification';
import { syncStore } from '@/stores/sync';
import {
  createWishlist,
  deleteWishlist,
  removeFromWishlist,
  saveToWishlist,
  updateWishlist,
  useOwnWishlists,
  wishlistNameError,
} from '../api/wishlists';
import { WishlistItems } from './wishlist-items';
import './wishlists.css';
import { plural } from '@/lib/format';

const failed = () => notifyError('That did not save on this device. Please try again.');
const quietly = (work: Promise<unknown>) => void work.catch(failed);

function NewWishlistForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<WishlistVisibility>('private');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = wishlistNameError(name);
    setError(problem);
    if (problem) return;
    quietly(createWishlist(name, visibility).then(() => setName('')));
  };
  return (
    <form className="card new-wishlist" onSubmit={submit} noValidate>
      <h2>New wishlist</h2>
      <div className="new-wishlist-row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={60}
            placeholder="Family trip to Lisbon"
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-visibility`}>Who can see it</label>
          <select
            id={`${id}-visibility`}
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as WishlistVisibility)}
          >
            <option value="private">Only me</option>
            <option value="public">Public, on my profile</option>
          </select>
        </div>
        <button type="submit" className="button">
          Create
        </button>
      </div>
    </form>
  );
}

function WishlistCard({ list, items }: { list: WishlistDoc; items: WishlistItemDoc[] }) {
  const id = useId();
  const [isRenaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const isPublic = list.visibility === 'public';

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const problem = wishlistNameError(name);
    setError(problem);
    if (problem) return;
    quietly(updateWishlist(list._id, { name }));
    setRenaming(false);
  };

  return (
    <section className="card wishlist" aria-labelledby={`${id}-title`} data-testid="wishlist">
      <header className="wishlist-header">
        {isRenaming ? (
          <form className="wishlist-rename" onSubmit={rename} noValidate>
            <label htmlFor={`${id}-rename`} className="visually-hidden">
              List name
            </label>
            <input
              id={`${id}-rename`}
              value={name}
              maxLength={60}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
            />
            <button type="submit" className="button">
              Save
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setName(list.name);
                setRenaming(false);
              }}
            >
              Cancel
            </button>
            {error && <p className="field-error">{error}</p>}
          </form>
        ) : (
          <h2 id={`${id}-title`}>
            {list.name}{' '}
            <span className="badge" data-visibility={list.visibility}>
              {isPublic ? 'Public' : 'Private'}
            </span>
          </h2>
        )}
        {!isRenaming && (
          <div className="wishlist-actions">
            <button type="button" className="link-button" onClick={() => setRenaming(true)}>
              Rename
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() =>
                quietly(updateWishlist(list._id, { visibility: isPublic ? 'private' : 'public' }))
              }
            >
              {isPublic ? 'Make private' : 'Make public'}
            </button>
            <button type="button" className="link-button danger" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </div>
        )}
      </header>
      <p className="muted wishlist-meta">
        {items.length} saved · {isPublic ? 'shown on your public profile' : 'only you see it'}
      </p>
      {items.length === 0 ? (
        <p className="muted">Nothing here yet. Use the heart on gigs, projects and people.</p>
      ) : (
        <WishlistItems
          items={items}
          action={(item) => (
            <button
              type="button"
              className="button button-ghost"
              aria-label={`Remove ${item.title} from ${list.name}`}
              onClick={() => quietly(removeFromWishlist(list._id, item))}
            >
              Remove
            </button>
          )}
        />
      )}
      <Modal
        isOpen={isDeleting}
        onClose={() => setDeleting(false)}
        title={`Delete "${list.name}"?`}
        actions={
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setDeleting(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                setDeleting(false);
                quietly(deleteWishlist(list._id));
              }}
            >
              Delete list
            </button>
          </>
        }
      >
        <p>
          The list and the {plural(items.length, 'item')} saved in it are removed from all your
          devices.
        </p>
      </Modal>
    </section>
  );
}

/**
 * Items whose list was deleted on another device while this one added to it: kept, not
 * dropped, until the user moves or removes them.
 */
function OrphanItems({ items, lists }: { items: WishlistItemDoc[]; lists: WishlistDoc[] }) {
  const target = lists[0];
  return (
    <section className="card wishlist" aria-labelledby="orphans-title">
      <h2 id="orphans-title">Saved from a deleted list</h2>
      <p className="muted">
        These were saved on another device into a list that has since been deleted.
      </p>
      <WishlistItems
        items={items}
        action={(orphan) => {
          const item = orphan;
          return (
            <span className="wishlist-item-actions">
              {target && (
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() =>
                    quietly(
                      saveToWishlist(target._id, item).then(() =>
                        removeFromWishlist(orphan.list_id, item),
                      ),
                    )
                  }
                >
                  Move to {target.name}
                </button>
              )}
              <button
                type="button"
                className="button button-ghost"
                onClick={() => quietly(removeFromWishlist(orphan.list_id, item))}
              >
                Remove
              </button>
            </span>
          );
        }}
      />
    </section>
  );
}

/** /profile/wishlists: your lists from this device's database (offline too), to manage. */
export function OwnWishlists() {
  const own = useOwnWishlists();
  const sync = useSnapshot(syncStore);
  if (!own) {
    return (
      <p className="muted" aria-busy="true">
        {sync.db === 'failed' ? sync.error : 'Opening your wishlists…'}
      </p>
    );
  }
  const listIds = new Set(own.lists.map((list) => list._id));
  const orphans = own.items.filter((item) => !listIds.has(item.list_id));
  return (
    <div className="wishlists">
      {own.lists.length === 0 && orphans.length === 0 && (
        <div className="empty-state">
          <h2>No wishlists yet</h2>
          <p>
            Save gigs, projects and people with the heart, into lists that are yours alone or shown
            on your profile.
          </p>
        </div>
      )}
      {own.lists.map((list) => (
        <WishlistCard
          key={list._id}
          list={list}
          items={own.items.filter((item) => item.list_id === list._id)}
        />
      ))}
      {orphans.length > 0 && <OrphanItems items={orphans} lists={own.lists} />}
      <NewWishlistForm />
    </div>
  );
}
