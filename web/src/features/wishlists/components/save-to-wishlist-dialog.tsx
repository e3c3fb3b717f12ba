import { useId, useState, type FormEvent } from 'react';
import '@/components/form/form.css';
import { type WishlistVisibility } from '@wayfarer/api/schemas/userdb-rules';
import { Modal } from '@/components/ui/modal';
import { notifyError } from '@/stores/notification';
import {
  createWishlist,
  isSameTarget,
  removeFromWishlist,
  saveToWishlist,
  useOwnWishlists,
  wishlistNameError,
  type WishlistTarget,
} from '../api/wishlists';

const failed = () => notifyError('That did not save on this device. Please try again.');

export interface SaveToWishlistDialogProps {
  item: WishlistTarget;
  isOpen: boolean;
  onClose: () => void;
}

/** Pick the lists an item belongs in (each a toggle), or make a new list and save it there. */
export function SaveToWishlistDialog({ item, isOpen, onClose }: SaveToWishlistDialogProps) {
  const own = useOwnWishlists();
  const formId = useId();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<WishlistVisibility>('private');
  const [error, setError] = useState<string | null>(null);
  const [isCreating, setCreating] = useState(false);
  const lists = own?.lists ?? [];
  const savedIn = new Set(
    (own?.items ?? []).filter((saved) => isSameTarget(saved, item)).map((saved) => saved.list_id),
  );

  const toggle = (listId: string) => {
    const work = savedIn.has(listId)
      ? removeFromWishlist(listId, item)
      : saveToWishlist(listId, item);
    void work.catch(failed);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const problem = wishlistNameError(name);
    setError(problem);
    if (problem || isCreating) return;
    setCreating(true);
    try {
      const id = await createWishlist(name, visibility);
      await saveToWishlist(id, item);
      setName('');
    } catch {
      failed();
    } finally {
      setCreating(false);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Save to a wishlist"
      actions={
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      }
    >
      <p className="muted save-target">{item.title}</p>
      {own === null ? (
        <p className="muted">Opening your wishlists…</p>
      ) : lists.length === 0 ? (
        <p>You have no wishlists yet. Name your first one below.</p>
      ) : (
        <ul className="save-lists" aria-label="Your wishlists">
          {lists.map((list) => (
            <li key={list._id}>
              <label className="save-list">
                <input
                  type="checkbox"
                  checked={savedIn.has(list._id)}
                  onChange={() => toggle(list._id)}
                />
                <span className="save-list-name">{list.name}</span>
                <span className="badge">{list.visibility === 'public' ? 'Public' : 'Private'}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <form className="save-new" onSubmit={(event) => void create(event)} noValidate>
        <h3>New wishlist</h3>
        <div className="field">
          <label htmlFor={`${formId}-name`}>Name</label>
          <input
            id={`${formId}-name`}
            value={name}
            maxLength={60}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${formId}-error` : undefined}
            placeholder="Family trip to Lisbon"
          />
          {error && (
            <p id={`${formId}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <fieldset className="visibility-choice">
          <legend>Who can see it</legend>
          <label>
            <input
              type="radio"
              name={`${formId}-visibility`}
              checked={visibility === 'private'}
              onChange={() => setVisibility('private')}
            />{' '}
            Only me
          </label>
          <label>
            <input
              type="radio"
              name={`${formId}-visibility`}
              checked={visibility === 'public'}
              onChange={() => setVisibility('public')}
            />{' '}
            Public, on my profile
          </label>
        </fieldset>
        <button
          type="submit"
          className="button button-secondary"
          aria-disabled={isCreating || undefined}
        >
          Create and save
        </button>
      </form>
    </Modal>
  );
}
