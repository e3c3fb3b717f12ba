import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderReviews, Review } from '@wayfarer/api/schemas/reviews';
import { json } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import { formatDate } from '@/lib/format';
import { OrderReviewsSection } from './order-reviews';

// The device's database: no document yet, and what the form writes is recorded.
const localDb = vi.hoisted(() => ({
  upsertLocalDoc: vi.fn(async () => undefined),
  useLocalDoc: vi.fn(() => null),
}));
vi.mock('@/lib/local-db', () => localDb);

const person = (id: string, full_name: string) => ({ id, full_name, tagname: id, avatar: null });
const REVIEW: Review = {
  id: 'r1',
  order_id: 'o1',
  gig: { id: 'g1', title: 'Dakar market morning', service_id: 'tour-guide' },
  tier: 'basic',
  package_name: 'Market walk',
  author_role: 'customer',
  author: person('c1', 'Carmen Customer'),
  subject: person('a1', 'Amara Agent'),
  traveller_from: 'Lisbon',
  rating: 5,
  communication: 4,
  as_described: 5,
  would_recommend: true,
  text: 'Amara knew every stall by name.',
  status: 'pending',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  published_at: null,
  reply: null,
  helpful_count: 0,
  viewer: null,
  hidden: null,
};
const OPEN: OrderReviews = {
  window_closes_at: '2026-03-15T10:00:00.000Z',
  can_review: true,
  mine: null,
  theirs: null,
  theirs_submitted: false,
};

/** Answers by "METHOD /api/path"; records every request. */
function fakeApi(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = routes[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof fakeApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({
      path: new URL(String(input), 'http://localhost').pathname,
      body: JSON.parse(String(init?.body)) as unknown,
    }));

function renderSection(side: 'customer' | 'agent' = 'customer') {
  render(
    <MemoryRouter>
      <OrderReviewsSection
        orderId="o1"
        side={side}
        otherName={side === 'customer' ? 'Amara Agent' : 'Carmen Customer'}
        isCompleted
      />
    </MemoryRouter>,
  );
}

const stars = (legend: string, n: number) =>
  fireEvent.click(
    within(screen.getByRole('group', { name: legend })).getByRole('radio', {
      name: n === 1 ? '1 star' : `${n} stars`,
    }),
  );

describe('<OrderReviewsSection>', () => {
  signedInForEachTest();
  beforeEach(() => localDb.upsertLocalDoc.mockClear());

  it('shows nothing before the order is completed, and asks nothing of the API', () => {
    const fetchMock = fakeApi({});
    render(
      <MemoryRouter>
        <OrderReviewsSection orderId="o1" side="customer" otherName="Amara" isCompleted={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the customer's stars and text, then says it is in and when it is published", async () => {
    const fetchMock = fakeApi({
      'GET /api/orders/o1/reviews': () => json(200, OPEN),
      'POST /api/orders/o1/review': () => json(201, { review: REVIEW }),
    });
    renderSection();
    await screen.findByText('Reviews can be written until 15 Mar 2026.');
    expect(screen.getByText('Amara Agent has not reviewed this order yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await screen.findByText('Rate the service overall from 1 to 5 stars.');
    expect(sent(fetchMock, 'POST')).toEqual([]);

    stars('Overall rating', 5);
    stars('Communication', 4);
    stars('Service as described', 5);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(screen.getByLabelText('Your review'), {
      target: { value: 'Amara knew every stall by name.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));

    await screen.findByText('Thank you: your review is in.');
    expect(sent(fetchMock, 'POST')).toEqual([
      {
        path: '/api/orders/o1/review',
        body: {
          rating: 5,
          communication: 4,
          as_described: 5,
          would_recommend: true,
          text: 'Amara knew every stall by name.',
        },
      },
    ]);
    expect(screen.getByTestId('review-blind-state').textContent).toBe(
      'Your review is in. It is published when Amara Agent reviews too or on 15 Mar 2026, whichever comes first; until then only you can see it.',
    );
    expect(screen.getByRole('button', { name: 'Edit your review' })).toBeTruthy();
  });

  it('edits a pending review with PUT, and says a published other side plainly', async () => {
    const theirs: Review = {
      ...REVIEW,
      id: 'r2',
      author_role: 'agent',
      author: person('a1', 'Amara Agent'),
      subject: person('c1', 'Carmen Customer'),
      communication: null,
      as_described: null,
      would_recommend: null,
      text: 'Carmen was on time and curious.',
      status: 'published',
      published_at: '2026-03-02T10:00:00.000Z',
    };
    const fetchMock = fakeApi({
      'GET /api/orders/o1/reviews': () =>
        json(200, { ...OPEN, mine: REVIEW, theirs_submitted: false }),
      'PUT /api/orders/o1/review': () =>
        json(200, { review: { ...REVIEW, text: 'Better than any guidebook.' } }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit your review' }));
    const text = screen.getByLabelText('Your review');
    expect((text as HTMLTextAreaElement).value).toBe(REVIEW.text);
    fireEvent.change(text, { target: { value: 'Better than any guidebook.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByTestId('my-review').textContent).toContain('Better than any guidebook.'),
    );
    expect(sent(fetchMock, 'PUT')).toEqual([
      {
        path: '/api/orders/o1/review',
        body: {
          rating: 5,
          communication: 4,
          as_described: 5,
          would_recommend: true,
          text: 'Better than any guidebook.',
        },
      },
    ]);
    cleanup();

    fakeApi({
      'GET /api/orders/o1/reviews': () =>
        json(200, {
          ...OPEN,
          can_review: false,
          mine: { ...REVIEW, status: 'published' },
          theirs,
          theirs_submitted: true,
        }),
    });
    renderSection();
    expect((await screen.findByTestId('their-review')).textContent).toContain(
      'Carmen was on time and curious.',
    );
    expect(screen.getByText('Your review is published.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit your review' })).toBeNull();
    expect(screen.getByText('The review window closed on 15 Mar 2026.')).toBeTruthy();
  });

  it('hides the other side until published, and the agent rates with one set of stars', async () => {
    const fetchMock = fakeApi({
      'GET /api/orders/o1/reviews': () => json(200, { ...OPEN, theirs_submitted: true }),
      'POST /api/orders/o1/review': () =>
        json(409, { message: 'The review window closed on 15 March.' }),
    });
    renderSection('agent');
    await screen.findByText(
      'Carmen Customer has reviewed this order. You will see it once it is published.',
    );
    expect(screen.queryByRole('group', { name: 'Communication' })).toBeNull();
    stars('Rating', 4);
    fireEvent.change(screen.getByLabelText('Your review'), {
      target: { value: 'On time and curious about everything.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await screen.findByText('The review window closed on 15 March.');
    expect(sent(fetchMock, 'POST')[0]?.body).toEqual({
      rating: 4,
      text: 'On time and curious about everything.',
    });
  });

  it('keeps a review written offline on the device, for the outbox to send', async () => {
    const fetchMock = fakeApi({ 'GET /api/orders/o1/reviews': () => json(200, OPEN) });
    renderSection('agent');
    await screen.findByText('Reviews can be written until 15 Mar 2026.');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      stars('Rating', 3);
      fireEvent.change(screen.getByLabelText('Your review'), {
        target: { value: 'Late twice, but friendly.' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
      await waitFor(() =>
        expect(localDb.upsertLocalDoc).toHaveBeenCalledWith(
          'draft:review-outbox:o1',
          expect.any(Function),
        ),
      );
    } finally {
      onLine.mockRestore();
    }
    const calls = localDb.upsertLocalDoc.mock.calls as unknown as [
      string,
      (existing: null) => { fields: unknown } | null,
    ][];
    const queued = calls.filter(([id]) => id === 'draft:review-outbox:o1');
    expect(queued).toHaveLength(1);
    expect(queued[0]![1](null)?.fields).toMatchObject({
      order_id: 'o1',
      mode: 'create',
      input: { rating: 3, text: 'Late twice, but friendly.' },
      error: null,
    });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('offers the form when the server is out of reach, the window from the completion date', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const completedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    render(
      <MemoryRouter>
        <OrderReviewsSection
          orderId="o1"
          side="agent"
          otherName="Carmen Customer"
          isCompleted
          completedAt={completedAt}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('reviews-offline')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit review' })).toBeTruthy();
    const closes = new Date(Date.parse(completedAt) + 14 * 86_400_000).toISOString();
    expect(screen.getByText(`Reviews can be written until ${formatDate(closes)}.`)).toBeTruthy();
  });
});
