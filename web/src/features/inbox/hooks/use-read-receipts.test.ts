import { describe, expect, it } from 'vitest';
import type { MessageDoc, NotificationDoc } from '@wayfarer/api/schemas/userdb-docs';
import { needsReadMarker, unreadNotificationsOf } from './use-read-receipts';

const incoming = (sent_at: string): MessageDoc => ({
  _id: `message:${sent_at}`,
  type: 'message',
  id: sent_at,
  to: 'me',
  body: 'hi',
  created_at: sent_at,
  sent_at,
  status: 'delivered',
  from_me: false,
});
const mine = (sent_at: string): MessageDoc => ({ ...incoming(sent_at), from_me: true });

describe('needsReadMarker', () => {
  const at = (minute: number) => `2030-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('moves the marker when a message from the other side is newer than it', () => {
    expect(needsReadMarker([incoming(at(1))], null, null)).toBe(true);
    expect(needsReadMarker([incoming(at(1))], null, { read_at: at(0) })).toBe(true);
    expect(needsReadMarker([incoming(at(1))], null, { read_at: at(1) })).toBe(false);
    // My own messages never need a marker.
    expect(needsReadMarker([mine(at(5))], null, { read_at: at(1) })).toBe(false);
  });

  it('moves it again while the server still counts unread messages', () => {
    expect(needsReadMarker([incoming(at(1))], { unread_count: 1 }, { read_at: at(2) })).toBe(true);
    expect(needsReadMarker([incoming(at(1))], { unread_count: 0 }, { read_at: at(2) })).toBe(false);
  });
});

describe('unreadNotificationsOf', () => {
  const notification = (id: string, link: string, read_at: string | null, kind = 'message') =>
    ({
      _id: `notification:message:${id}`,
      type: 'notification',
      kind,
      title: 'New message',
      body: '',
      link,
      created_at: '2030-01-01T10:00:00.000Z',
      read_at,
    }) satisfies NotificationDoc;

  it('picks the unread message notifications that lead to this conversation', () => {
    const list = [
      notification('1', '/inbox/conv%3Aa%3Ab', null),
      notification('2', '/inbox/conv%3Aa%3Ab', '2030-01-01T10:01:00.000Z'),
      notification('3', '/inbox/conv%3Aa%3Ac', null),
      notification('4', '/inbox/conv%3Aa%3Ab', null, 'order'),
    ];
    expect(unreadNotificationsOf(list, 'conv:a:b').map((n) => n._id)).toEqual([
      'notification:message:1',
    ]);
  });
});
