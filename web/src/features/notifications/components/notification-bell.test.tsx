import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDoc } from '@wayfarer/api/schemas/userdb-docs';
import { setUser } from '@/stores/auth';
import { makeUser } from '@/testing/fixtures';
import { BELL_ALERT_DELAY_MS, NotificationBell } from './notification-bell';

const api = vi.hoisted(() => ({ list: null as NotificationDoc[] | null }));
// The local database's answers, from the whole list (newest first), as the indexed queries give.
vi.mock('../api/notifications', () => ({
  useBellNotifications: (limit: number) =>
    api.list && {
      latest: api.list.slice(0, limit),
      unread: api.list.filter((doc) => !doc.read_at).length,
    },
  isUnread: (doc: NotificationDoc) => !doc.read_at,
  markRead: vi.fn(() => Promise.resolve()),
  markAllRead: vi.fn(() => Promise.resolve()),
}));

const notice = (n: number, readAt: string | null = null): NotificationDoc => ({
  _id: `notification:t:${n}`,
  type: 'notification',
  kind: 't',
  title: `Notice ${n}`,
  body: '',
  link: '/profile',
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 10 - n)).toISOString(),
  read_at: readAt,
});

const renderBell = () =>
  render(
    <MemoryRouter>
      <NotificationBell seeAllHref="/notifications" />
    </MemoryRouter>,
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setUser(null);
});

describe('NotificationBell', () => {
  it('turns red about 400 ms after it mounts when something is unread (spec sections 4 and 9)', () => {
    api.list = [notice(1), notice(2, '2026-01-02T00:00:00.000Z'), notice(3)];
    renderBell();
    const bell = screen.getByTestId('notification-bell');
    expect(bell.dataset.alert).toBeUndefined();
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(BELL_ALERT_DELAY_MS));
    expect(bell.dataset.alert).toBe('true');
  });

  it('shows 99+ above 99, in its name too', () => {
    api.list = Array.from({ length: 100 }, (_, i) => notice(i + 1));
    renderBell();
    expect(screen.getByTestId('notification-count').textContent).toBe('99+');
    expect(screen.getByRole('button', { name: 'Notifications, 99+ unread' })).toBeTruthy();
  });

  it('stays quiet with nothing unread', () => {
    api.list = [notice(1, '2026-01-02T00:00:00.000Z')];
    renderBell();
    act(() => vi.advanceTimersByTime(BELL_ALERT_DELAY_MS));
    expect(screen.getByTestId('notification-bell').dataset.alert).toBeUndefined();
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('uses the count from GET /api/user until the local database has notifications', () => {
    api.list = null;
    setUser(makeUser({ new_notifications_count: 3 }));
    renderBell();
    expect(screen.getByTestId('notification-count').textContent).toBe('3');
  });

  it('lists the latest five and links to all of them', () => {
    api.list = Array.from({ length: 7 }, (_, i) => notice(i + 1));
    renderBell();
    act(() => screen.getByRole('button', { name: /Notifications/ }).click());
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'See All' }).getAttribute('href')).toBe(
      '/notifications',
    );
  });
});
