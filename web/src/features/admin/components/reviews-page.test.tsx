import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import type { AdminReview } from '../types';
import { ReviewsPage } from './reviews-page';

const person = (id: string, full_name: string) => ({ id, full_name, tagname: id, avatar: null });
const REVIEW = {
  id: 'r1',
  order_id: 'order-1234567',
  gig: { id: 'g1', title: 'Dakar market morning', service_id: 'tour-guide' },
  author: person('c1', 'Carmen Customer'),
  subject: person('a1', 'Amara Agent'),
  rating: 1,
  text: 'Call me on 555-0100 instead.',
  status: 'published',
  created_at: '2026-03-01T10:00:00.000Z',
  hidden: null,
  reports: [
    {
      reason: 'personal_information',
      details: 'A phone number.',
      by: person('u9', 'Rita Reporter'),
      at: '2026-03-02T10:00:00.000Z',
    },
  ],
} as unknown as AdminReview;

const page = (data: AdminReview[]) => ({
  data,
  meta: { page: 1, per_page: 20, total: data.length, last_page: 1 },
});

describe('/admin/reviews', () => {
  signedInForEachTest();

  it('lists reported reviews with their reports, and hides one with a note', async () => {
    const hides: unknown[] = [];
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === '/api/admin/reviews/r1/hide') {
        const body = JSON.parse(String(init.body)) as { note: string };
        hides.push(body);
        if (body.note.trim().length < 5) {
          return json(422, { errors: { note: ['Write a note (at least 5 characters).'] } });
        }
        return json(200, {
          review: {
            ...REVIEW,
            status: 'hidden',
            hidden: { note: body.note, at: '2026-03-03T10:00:00.000Z' },
          },
        });
      }
      return json(200, page([REVIEW]));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter initialEntries={['/admin/reviews']}>
        <ReviewsPage />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('admin-review');
    expect(String(fetchMock.mock.calls[0]![0])).toContain(
      '/api/admin/reviews?status=reported&page=1',
    );
    expect(row.textContent).toContain('Shares personal information by Rita Reporter');
    expect(row.textContent).toContain('A phone number.');

    fireEvent.click(within(row).getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this review?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Write a note (at least 5 characters).',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'Shares a phone number.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hides).toEqual([{ note: '' }, { note: 'Shares a phone number.' }]);
    expect(row.textContent).toContain('Hidden');
    expect(row.textContent).toContain('Shares a phone number.');
    expect(within(row).getByRole('button', { name: 'Unhide' })).toBeTruthy();
  });

  it('says a refusal plainly in the dialog (409: already hidden elsewhere)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (_input, init) =>
        init?.method === 'POST'
          ? json(409, { message: 'This review was hidden meanwhile by another admin.' })
          : json(200, page([REVIEW])),
      ),
    );
    render(
      <MemoryRouter initialEntries={['/admin/reviews']}>
        <ReviewsPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this review?' });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Phone number.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'This review was hidden meanwhile by another admin.',
      ),
    );
  });
});
