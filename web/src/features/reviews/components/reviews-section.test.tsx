import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Review, ReviewListResponse } from '@wayfarer/api/schemas/reviews';
import { json } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import { ReviewsSection } from './reviews-section';

const person = (id: string, full_name: string) => ({ id, full_name, tagname: id, avatar: null });
const REVIEW: Review = {
  id: 'r1',
  order_id: 'o1',
  gig: { id: 'g1', title: 'Dakar market morning', service_id: 'tour-guide' },
  tier: 'standard',
  package_name: 'Market and lunch',
  author_role: 'customer',
  author: person('c1', 'Carmen Customer'),
  subject: person('a1', 'Amara Agent'),
  traveller_from: 'Portugal',
  rating: 4,
  communication: 5,
  as_described: 4,
  would_recommend: true,
  text: 'Amara knew every stall by name.',
  status: 'published',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  published_at: '2026-03-02T10:00:00.000Z',
  reply: { text: 'Come back for the fish market!', created_at: '2026-03-03T10:00:00.000Z' },
  helpful_count: 2,
  viewer: { helpful: false, reported: false, can_reply: false, can_edit: false },
  hidden: null,
};
const list = (
  data: Review[],
  meta: Partial<ReviewListResponse['meta']> = {},
): ReviewListResponse => ({
  data,
  meta: {
    page: 1,
    per_page: 10,
    total: data.length,
    last_page: 1,
    average: 4.5,
    count: 4,
    histogram: { '5': 2, '4': 2, '3': 0, '2': 0, '1': 0 },
    ...meta,
  },
});

function fakeApi(answer: (method: string, url: URL, body: unknown) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    return answer(
      init?.method ?? 'GET',
      url,
      init?.body ? JSON.parse(String(init.body)) : undefined,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const requests = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });

function renderSection(isSignedIn: boolean, entry = '/gigs/g1') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ReviewsSection
        of={{ kind: 'gig', id: 'g1' }}
        isSignedIn={isSignedIn}
        empty="No reviews yet."
      />
    </MemoryRouter>,
  );
}

describe('<ReviewsSection>', () => {
  signedInForEachTest();

  it('shows the average, the count, the 5-to-1 histogram and each review with its details', async () => {
    fakeApi(() => json(200, list([{ ...REVIEW, viewer: null }])));
    renderSection(false);
    expect((await screen.findByTestId('review-average')).textContent).toBe('4.5');
    expect(screen.getByTestId('review-count').textContent).toBe('4 reviews');
    const rows = within(screen.getByRole('list', { name: 'Reviews by stars' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      '5 stars2',
      '4 stars2',
      '3 stars0',
      '2 stars0',
      '1 star0',
    ]);
    const review = screen.getByTestId('review');
    expect(review.textContent).toContain('From Portugal · Standard package: Market and lunch');
    expect(within(review).getByRole('img', { name: 'Overall: 4.0 out of 5 stars' })).toBeTruthy();
    expect(
      within(review).getByRole('img', { name: 'Communication: 5.0 out of 5 stars' }),
    ).toBeTruthy();
    expect(review.textContent).toContain('Would recommend');
    expect(within(review).getByTestId('review-reply').textContent).toContain(
      'Reply from Amara Agent',
    );
    // A guest gets no helpful, report or reply buttons.
    expect(within(review).queryByRole('button')).toBeNull();
  });

  it('says so when there are none', async () => {
    fakeApi(() => json(200, list([], { count: 0, average: 0 })));
    renderSection(false);
    await screen.findByText('No reviews yet.');
    expect(screen.queryByTestId('review-summary')).toBeNull();
  });

  it('sorts by most helpful and pages through the URL', async () => {
    const fetchMock = fakeApi(() => json(200, list([REVIEW], { last_page: 3, total: 25 })));
    renderSection(false, '/gigs/g1?reviews_page=2');
    await screen.findByTestId('review');
    fireEvent.change(screen.getByLabelText('Sort reviews'), { target: { value: 'helpful' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(requests(fetchMock)).toEqual([
      'GET /api/gigs/g1/reviews?sort=newest&page=2&per_page=10',
      'GET /api/gigs/g1/reviews?sort=helpful&page=1&per_page=10',
    ]);
    expect(screen.getByRole('navigation', { name: 'Pages of reviews' })).toBeTruthy();
  });

  it("toggles a signed-in member's helpful mark and lets the reviewed agent reply once", async () => {
    const fetchMock = fakeApi((method, url, body) => {
      if (method === 'GET')
        return json(
          200,
          list([{ ...REVIEW, reply: null, viewer: { ...REVIEW.viewer!, can_reply: true } }]),
        );
      if (url.pathname.endsWith('/helpful')) {
        return json(200, {
          review: {
            ...REVIEW,
            reply: null,
            helpful_count: method === 'POST' ? 3 : 2,
            viewer: { ...REVIEW.viewer!, helpful: method === 'POST', can_reply: true },
          },
        });
      }
      if (url.pathname.endsWith('/reply')) {
        return json(201, {
          review: {
            ...REVIEW,
            reply: {
              text: (body as { text: string }).text,
              created_at: '2026-03-04T10:00:00.000Z',
            },
            viewer: { ...REVIEW.viewer!, can_reply: false },
          },
        });
      }
      return json(404, { message: 'Not found.' });
    });
    renderSection(true);
    const helpful = await screen.findByRole('button', { name: 'Helpful (2)' });
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(helpful);
    const marked = await screen.findByRole('button', { name: 'Helpful (3)' });
    expect(marked.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(marked);
    await screen.findByRole('button', { name: 'Helpful (2)' });

    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    fireEvent.change(screen.getByLabelText('Your public reply'), {
      target: { value: 'Thank you, Carmen!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect((await screen.findByTestId('review-reply')).textContent).toContain('Thank you, Carmen!');
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(requests(fetchMock).slice(1)).toEqual([
      'POST /api/reviews/r1/helpful',
      'DELETE /api/reviews/r1/helpful',
      'POST /api/reviews/r1/reply',
    ]);
  });

  it('reports with a reason, and says plainly when it was already reported', async () => {
    let reports = 0;
    fakeApi((method, url) => {
      if (method === 'GET') return json(200, list([REVIEW]));
      if (url.pathname.endsWith('/report')) {
        reports += 1;
        return reports === 1
          ? json(409, { message: 'You already reported this review.' })
          : json(201, {});
      }
      return json(404, { message: 'Not found.' });
    });
    renderSection(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Choose why you are reporting this review.',
    );
    expect(reports).toBe(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'You already reported this review.',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await screen.findByText('You reported this review.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
