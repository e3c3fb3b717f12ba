import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ConversationDoc,
  ReadMarkerDoc,
  WishlistItemDoc,
} from '@wayfarer/api/schemas/userdb-docs';
import { wishlistItemId } from '@wayfarer/api/schemas/userdb-rules';
import { setUser } from '@/stores/auth';
import { makeUser } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import type { User } from '@/types/api';
import HeaderStatusItems from './header-status-items';

// The device's database: the documents it holds, read by prefix as the real hooks do. The badges'
// counts follow what it holds at each render.
const localDb = vi.hoisted(() => ({
  docs: [] as { _id: string }[],
  useLocalDb: vi.fn(() => null),
  useLocalDocs: vi.fn((prefix: string) => localDb.docs.filter((doc) => doc._id.startsWith(prefix))),
  useLocalQuery: vi.fn(() => null),
  upsertLocalDoc: vi.fn(async () => undefined),
  whenLocalDb: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('@/lib/local-db', () => localDb);

const conversation = (id: string, unread: number): ConversationDoc => ({
  _id: `conversation:${id}`,
  type: 'conversation',
  conversation_id: id,
  other: { id: 'b', tagname: 'kai_keys', full_name: 'Kai Keys', avatar: null },
  subject: null,
  last_message: { id: 'x', body: 'Hello', from_me: false, at: '2026-03-01T10:00:00.000Z' },
  unread_count: unread,
  last_read_at: null,
  updated_at: '2026-03-01T10:00:00.000Z',
});

const readMarker = (id: string): ReadMarkerDoc => ({
  _id: `readmark:${id}`,
  type: 'read_marker',
  conversation_id: id,
  read_at: '2026-03-01T10:00:01.000Z',
});

const savedGig = (ref: string, list = 'wishlist:a'): WishlistItemDoc => ({
  _id: wishlistItemId(list, 'gig', ref),
  type: 'wishlist_item',
  list_id: list,
  kind: 'gig',
  ref,
  title: `Gig ${ref}`,
  added_at: '2026-03-01T10:00:00.000Z',
});

function renderFor(role: User['role'], inboxInMenu = false) {
  setUser(makeUser({ role }));
  const items = () => (
    <MemoryRouter>
      <HeaderStatusItems inboxInMenu={inboxInMenu} />
    </MemoryRouter>
  );
  const view = render(items());
  return {
    /** The database changed (a sync, a heart, a conversation read): the hooks read it again. */
    change: (docs: { _id: string }[]) => {
      localDb.docs = docs;
      act(() => view.rerender(items()));
    },
  };
}

describe('the header’s favourites and messages buttons', () => {
  signedInForEachTest();
  beforeEach(() => {
    localDb.docs = [];
  });
  afterEach(() => vi.clearAllMocks());

  it('link to the wishlists and the inbox, with no badge while nothing is counted', () => {
    renderFor('Customer');
    const favourites = screen.getByRole('link', { name: 'Favourites' });
    const messages = screen.getByRole('link', { name: 'Messages' });
    expect(favourites.getAttribute('href')).toBe('/profile/wishlists');
    expect(messages.getAttribute('href')).toBe('/inbox');
    expect(favourites.textContent).toBe('');
    expect(messages.textContent).toBe('');
  });

  it('count unread conversations and saved gigs, live, in their names', () => {
    const { change } = renderFor('Agent');
    change([
      conversation('conv:a', 3),
      conversation('conv:b', 1),
      conversation('conv:c', 0),
      savedGig('g1'),
      savedGig('g1', 'wishlist:b'),
      savedGig('g2'),
    ]);
    const messages = screen.getByRole('link', { name: 'Messages, 2 unread' });
    expect(messages.textContent).toBe('2');
    expect(messages.getAttribute('data-count')).toBe('2');
    expect(screen.getByRole('link', { name: 'Favourites, 2 saved gigs' }).textContent).toBe('2');

    // A conversation read on this device, a gig unsaved.
    change([
      conversation('conv:a', 3),
      conversation('conv:b', 1),
      readMarker('conv:a'),
      savedGig('g2'),
    ]);
    expect(screen.getByRole('link', { name: 'Messages, 1 unread' }).textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Favourites, 1 saved gig' }).textContent).toBe('1');

    change([]);
    expect(screen.getByRole('link', { name: 'Messages' }).textContent).toBe('');
    expect(screen.getByRole('link', { name: 'Favourites' }).textContent).toBe('');
  });

  it('show 99+ above 99, in the badge and the name', () => {
    const { change } = renderFor('Customer');
    change([
      ...Array.from({ length: 120 }, (_, n) => conversation(`conv:${n}`, 1)),
      ...Array.from({ length: 100 }, (_, n) => savedGig(`g${n}`)),
    ]);
    expect(screen.getByRole('link', { name: 'Messages, 99+ unread' }).textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'Favourites, 99+ saved gigs' }).textContent).toBe(
      '99+',
    );
    expect(screen.getByTestId('messages-badge').getAttribute('data-count')).toBe('120');
  });

  it.each(['Lecturer', 'Student'] as const)(
    'give a %s the messages button only: favourites count gigs, which they do not save',
    (role) => {
      const { change } = renderFor(role);
      change([conversation('conv:a', 1), savedGig('g1')]);
      expect(screen.getByRole('link', { name: 'Messages, 1 unread' })).toBeTruthy();
      expect(screen.queryByTestId('favourites-badge')).toBeNull();
    },
  );

  it('leave the messages button out where the menu links to the inbox, and for an admin', () => {
    localDb.docs = [conversation('conv:a', 1)];
    renderFor('Lecturer', true);
    expect(screen.queryByTestId('messages-badge')).toBeNull();
    // The rest of the status items are there.
    expect(screen.getByTestId('notification-bell')).toBeTruthy();
    cleanup();
    renderFor('Admin');
    expect(screen.queryByTestId('messages-badge')).toBeNull();
    expect(screen.queryByTestId('favourites-badge')).toBeNull();
  });
});
