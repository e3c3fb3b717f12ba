import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDoc } from '@wayfarer/api/schemas/userdb-docs';
import { NotificationsPage } from './notifications-page';

// The local database is the notifications feature's own API module; here it hands the page a
// fixed list, so the test is about paging and the read buttons.
const api = vi.hoisted(() => ({
  list: [] as NotificationDoc[],
  markRead: vi.fn(() => Promise.resolve()),
  markUnread: vi.fn(() => Promise.resolve()),
  markAllRead: vi.fn(() => Promise.resolve()),
}));
vi.mock('../api/notifications', () => ({
  useNotifications: () => api.list,
  isUnread: (doc: NotificationDoc) => !doc.read_at,
  markRead: api.markRead,
  markUnread: api.markUnread,
  markAllRead: api.markAllRead,
}));

const make = (n: number, read = false): NotificationDoc => ({
  _id: `notification:test:${n}`,
  type: 'notification',
  kind: 'test',
  title: `Notice ${n}`,
  body: `Body ${n}`,
  link: '/profile',
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 60 - n)).toISOString(),
  read_at: read ? '2026-01-02T00:00:00.000Z' : null,
});

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <NotificationsPage />
    </MemoryRouter>,
  );

afterEach(cleanup);
beforeEach(() => {
  api.list = Array.from({ length: 23 }, (_, i) => make(i + 1, i % 2 === 1));
  vi.clearAllMocks();
});

describe('NotificationsPage', () => {
  it('shows ten a page, with the pager, and counts the unread', () => {
    renderAt('/notifications?page=2');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toHaveLength(10);
    expect(titles[0]).toContain('Notice 11');
    expect(titles[9]).toContain('Notice 20');
    expect(screen.getByText('12 unread notifications.')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Notification pages' });
    expect(pager.querySelector('[aria-current="page"]')?.textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/notifications?page=3',
    );
  });

  it('marks one read or unread, and all read', () => {
    renderAt('/notifications');
    fireEvent.click(screen.getByRole('button', { name: 'Mark read: Notice 1' }));
    expect(api.markRead).toHaveBeenCalledWith('notification:test:1');
    fireEvent.click(screen.getByRole('button', { name: 'Mark unread: Notice 2' }));
    expect(api.markUnread).toHaveBeenCalledWith('notification:test:2');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(api.markAllRead).toHaveBeenCalled();
  });

  it("shows a message's Markdown body as plain text, and the title as written", () => {
    api.list = [
      {
        ...make(1),
        title: 'New message from Omar de la Cruz',
        body: 'Hello **Omar**, see [the plan](https://example.com)\n\n- day one',
      },
    ];
    renderAt('/notifications');
    expect(screen.getByText('Hello Omar, see the plan day one')).toBeTruthy();
    expect(screen.queryByText(/\*\*/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(
      'New message from Omar de la Cruz',
    );
  });

  it('says so when there are none', () => {
    api.list = [];
    renderAt('/notifications');
    expect(screen.getByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
  });
});
