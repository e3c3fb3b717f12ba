import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftDoc } from '@wayfarer/api/schemas/userdb-docs';
import { notificationStore } from '@/stores/notification';
import { json } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import { outboxDoc, type PendingReview } from '../utils/outbox';
import ReviewOutbox from './review-outbox';

// The device's database: the pending reviews it holds, and what the outbox writes back.
const localDb = vi.hoisted(() => ({
  docs: [] as unknown[],
  upsertLocalDoc: vi.fn(async () => undefined),
  useLocalDocs: vi.fn(() => localDb.docs),
}));
vi.mock('@/lib/local-db', () => localDb);

const pending = (order: string, error: string | null = null): DraftDoc => ({
  ...outboxDoc(
    {
      order_id: order,
      mode: 'create',
      input: { rating: 4, text: `Review of order ${order}.` },
      queued_at: '2026-03-01T10:00:00.000Z',
      error,
    } satisfies PendingReview,
    'device-1',
  ),
  _rev: `1-${order}`,
});

/** What each upsert made of the document it was given (null: deleted). */
const writes = () =>
  (
    localDb.upsertLocalDoc.mock.calls as unknown as [string, (doc: DraftDoc) => DraftDoc | null][]
  ).map(([id, update]) => {
    const doc = localDb.docs.find((d) => (d as DraftDoc)._id === id) as DraftDoc;
    const next = update(doc);
    return { id, next: next === null ? null : (next.fields as unknown as PendingReview).error };
  });

describe('<ReviewOutbox>', () => {
  let onLine = true;
  signedInForEachTest();
  beforeEach(() => {
    onLine = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
    localDb.upsertLocalDoc.mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends what waits, removes what was taken, keeps a refusal with its reason', async () => {
    localDb.docs = [pending('o1'), pending('o2'), pending('o3', 'The window closed.')];
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input).includes('/orders/o1/')
        ? json(201, { review: { id: 'r1' } })
        : json(409, { message: 'You already reviewed this order.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<ReviewOutbox />);
    await waitFor(() => expect(localDb.upsertLocalDoc).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([input, init]) => `${init?.method} ${String(input)}`)).toEqual(
      ['POST /api/orders/o1/review', 'POST /api/orders/o2/review'],
    );
    expect(writes()).toEqual([
      { id: 'draft:review-outbox:o1', next: null },
      { id: 'draft:review-outbox:o2', next: 'You already reviewed this order.' },
    ]);
    await waitFor(() => expect(notificationStore.current?.message).toBe('Your review was sent.'));
  });

  it('waits while offline and sends when the device comes back online', async () => {
    onLine = false;
    localDb.docs = [pending('o4')];
    const fetchMock = vi.fn<typeof fetch>(async () => json(201, { review: { id: 'r4' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<ReviewOutbox />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchMock).not.toHaveBeenCalled();

    onLine = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(writes()).toEqual([{ id: 'draft:review-outbox:o4', next: null }]));
  });

  it('keeps a review the server could not take (no answer) as it is, to try again', async () => {
    localDb.docs = [pending('o5')];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<ReviewOutbox />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(localDb.upsertLocalDoc).not.toHaveBeenCalled();
  });
});
