import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  compareMessages,
  dayLabel,
  effectiveUnread,
  filterEntries,
  inboxEntries,
  isMine,
  readAtFor,
  shortWhen,
  unreadConversations,
} from './timeline';
import type { ConversationDoc, MessageDoc, ReadMarkerDoc } from '@wayfarer/api/schemas/userdb-docs';

let n = 0;
function message(overrides: Partial<MessageDoc> = {}): MessageDoc {
  n += 1;
  const id = overrides.id ?? `m${String(n).padStart(8, '0')}`;
  return {
    _id: `message:${id}`,
    type: 'message',
    id,
    to: 'kai_keys',
    body: `Message ${n}`,
    created_at: '2026-03-01T10:00:00.000Z',
    status: 'pending',
    ...overrides,
  };
}

function conversation(overrides: Partial<ConversationDoc> = {}): ConversationDoc {
  const id = overrides.conversation_id ?? 'conv:a:b';
  return {
    _id: `conversation:${id}`,
    type: 'conversation',
    conversation_id: id,
    other: { id: 'b', tagname: 'kai_keys', full_name: 'Kai Keys', avatar: null },
    subject: null,
    last_message: { id: 'x', body: 'Hello', from_me: false, at: '2026-03-01T10:00:00.000Z' },
    unread_count: 2,
    last_read_at: null,
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const marker = (read_at: string, conversation_id = 'conv:a:b'): ReadMarkerDoc => ({
  _id: `readmark:${conversation_id}`,
  type: 'read_marker',
  conversation_id,
  read_at,
});

describe('message order', () => {
  it('orders delivered messages by send time, then those not delivered by creation', () => {
    const late = message({ sent_at: '2026-03-01T10:05:00.000Z', status: 'delivered' });
    const early = message({ sent_at: '2026-03-01T10:01:00.000Z', status: 'read' });
    // Written offline before both were sent, delivered later: the server's order wins.
    const offline = message({ created_at: '2026-03-01T09:00:00.000Z' });
    const offline2 = message({ created_at: '2026-03-01T09:30:00.000Z', status: 'failed' });
    const sorted = [offline2, late, offline, early].sort(compareMessages);
    expect(sorted).toEqual([early, late, offline, offline2]);
  });

  it('tells mine from theirs: only copies from the other side carry from_me false', () => {
    expect(isMine(message())).toBe(true);
    expect(isMine(message({ from_me: true, status: 'delivered' }))).toBe(true);
    expect(isMine(message({ from_me: false, status: 'delivered' }))).toBe(false);
  });
});

describe('days', () => {
  const now = new Date(2026, 2, 10, 15, 0); // local 10 March 2026, 15:00
  const at = (day: number, hour = 12) => new Date(2026, 2, day, hour).toISOString();

  it('labels today, yesterday and earlier days', () => {
    expect(dayLabel(at(10), now)).toBe('Today');
    expect(dayLabel(at(9), now)).toBe('Yesterday');
    expect(dayLabel(at(3), now)).toBe('Tuesday 3 March');
    expect(dayLabel(new Date(2025, 11, 24, 12).toISOString(), now)).toBe(
      'Wednesday, 24 December 2025',
    );
  });

  it('puts a separator before the first message of each day', () => {
    const messages = [
      message({ sent_at: at(9, 9), status: 'read' }),
      message({ sent_at: at(9, 18), status: 'read' }),
      message({ sent_at: at(10, 8), status: 'delivered' }),
      message({ created_at: at(10, 14) }),
    ];
    const items = buildTimeline(messages, now);
    expect(items.map((item) => (item.kind === 'day' ? item.label : item.message.id))).toEqual([
      'Yesterday',
      messages[0]!.id,
      messages[1]!.id,
      'Today',
      messages[2]!.id,
      messages[3]!.id,
    ]);
  });

  it('shows the inbox time as the hour today, the weekday this week, else the date', () => {
    expect(shortWhen(at(10, 9), now)).toBe('09:00');
    expect(shortWhen(at(9), now)).toBe('Yesterday');
    expect(shortWhen(at(6), now)).toBe('Fri');
    expect(shortWhen(at(1), now)).toBe('1 Mar');
  });
});

describe('read markers and unread counts', () => {
  it('never dates the marker before the newest message shown (a clock behind the server)', () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    expect(readAtFor([message({ sent_at: '2026-03-01T10:00:05.000Z' })], now)).toBe(
      '2026-03-01T10:00:05.000Z',
    );
    expect(readAtFor([message({ sent_at: '2026-03-01T09:00:00.000Z' })], now)).toBe(
      now.toISOString(),
    );
  });

  it('counts a conversation read here as read before the server says so', () => {
    const c = conversation({ unread_count: 3 });
    expect(effectiveUnread(c, null)).toBe(3);
    expect(effectiveUnread(c, marker('2026-03-01T09:59:59.000Z'))).toBe(3);
    expect(effectiveUnread(c, marker('2026-03-01T10:00:00.000Z'))).toBe(0);
    expect(effectiveUnread(conversation({ unread_count: -1 }), null)).toBe(0);
  });

  it('counts the conversations with unread messages for the badge, not the messages', () => {
    const a = conversation({ conversation_id: 'conv:a:b', unread_count: 2 });
    const b = conversation({ conversation_id: 'conv:a:c', unread_count: 5 });
    const read = conversation({ conversation_id: 'conv:a:d', unread_count: 0 });
    expect(unreadConversations([a, b, read], [])).toBe(2);
    // Read on this device: no longer counted, before the server's zero syncs back.
    expect(unreadConversations([a, b], [marker('2026-03-02T00:00:00.000Z', 'conv:a:c')])).toBe(1);
    // A marker older than the last message leaves it unread.
    expect(unreadConversations([a], [marker('2026-03-01T09:00:00.000Z', 'conv:a:b')])).toBe(1);
    expect(unreadConversations([], [])).toBe(0);
  });
});

describe('the inbox list', () => {
  const older = conversation({
    conversation_id: 'conv:a:b',
    updated_at: '2026-03-01T08:00:00.000Z',
    last_message: { id: '1', body: 'Older', from_me: true, at: '2026-03-01T08:00:00.000Z' },
    unread_count: 0,
  });
  const newer = conversation({
    conversation_id: 'conv:a:c',
    other: { id: 'c', tagname: 'lucia_lens', full_name: 'Lucía Lens', avatar: null },
    subject: { kind: 'gig', ref: 'g1', title: 'Sunset photo walk' },
    updated_at: '2026-03-01T09:00:00.000Z',
    last_message: { id: '2', body: 'Newer', from_me: false, at: '2026-03-01T09:00:00.000Z' },
    unread_count: 1,
  });

  it('lists conversations newest first, with people written to while nothing was delivered', () => {
    const waiting = message({ to: 'new_person', created_at: '2026-03-01T09:30:00.000Z' });
    const entries = inboxEntries([older, newer], [], new Map([['new_person', [waiting]]]));
    expect(entries.map((e) => [e.conversationId, e.other.full_name, e.unread])).toEqual([
      [null, '@new_person', 0],
      ['conv:a:c', 'Lucía Lens', 1],
      ['conv:a:b', 'Kai Keys', 0],
    ]);
    expect(entries[0]!.lastMessage).toMatchObject({ fromMe: true, status: 'pending' });
  });

  it('shows a message waiting to be sent in its conversation as the last one', () => {
    const waiting = message({ to: 'kai_keys', created_at: '2026-03-01T10:00:00.000Z', body: '' });
    waiting._attachments = { 'plan.pdf': { content_type: 'application/pdf', stub: true } };
    const [first] = inboxEntries([older, newer], [], new Map([['kai_keys', [waiting]]]));
    expect(first).toMatchObject({
      conversationId: 'conv:a:b',
      lastMessage: { body: 'Attachment: plan.pdf', status: 'pending', fromMe: true },
    });
  });

  it('searches by name, tagname, subject, last message and any message text', () => {
    const entries = inboxEntries([older, newer], [], new Map());
    const names = (query: string, hasText?: (id: string | null) => boolean) =>
      filterEntries(entries, query, hasText && ((e) => hasText(e.conversationId))).map(
        (e) => e.other.full_name,
      );
    expect(names('')).toEqual(['Lucía Lens', 'Kai Keys']);
    expect(names('LUCÍA')).toEqual(['Lucía Lens']);
    expect(names('kai_k')).toEqual(['Kai Keys']);
    expect(names('sunset')).toEqual(['Lucía Lens']);
    expect(names('older')).toEqual(['Kai Keys']);
    expect(names('ferry', (id) => id === 'conv:a:b')).toEqual(['Kai Keys']);
    expect(names('nothing')).toEqual([]);
  });
});
