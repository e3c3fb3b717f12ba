import { describe, expect, it } from 'vitest';
import {
  conversationIdFor,
  conversationLink,
  draftKeyFor,
  MESSAGE_ID_PATTERN,
  messageNotificationId,
  newMessageId,
  otherParticipantId,
  readMarkerId,
} from './ids';

describe('ids', () => {
  it('names one conversation per pair, whoever starts it (as the server does)', () => {
    expect(conversationIdFor('b1', 'a2')).toBe('conv:a2:b1');
    expect(conversationIdFor('a2', 'b1')).toBe('conv:a2:b1');
  });

  it('finds the other person, and refuses a conversation that is not mine', () => {
    expect(otherParticipantId('conv:a2:b1', 'a2')).toBe('b1');
    expect(otherParticipantId('conv:a2:b1', 'b1')).toBe('a2');
    expect(otherParticipantId('conv:a2:b1', 'c3')).toBeNull();
    expect(otherParticipantId('conv:a2', 'a2')).toBeNull();
    expect(otherParticipantId('something', 'a2')).toBeNull();
  });

  it('makes message ids the server and the database validation accept, never twice', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newMessageId()));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(MESSAGE_ID_PATTERN);
  });

  it('builds the document ids and links the server uses', () => {
    expect(readMarkerId('conv:a:b')).toBe('readmark:conv:a:b');
    expect(messageNotificationId('m1')).toBe('notification:message:m1');
    expect(conversationLink('conv:a:b')).toBe('/inbox/conv%3Aa%3Ab');
    expect(draftKeyFor('conv:a:b', 'kai')).toBe('conv:a:b');
    expect(draftKeyFor(null, 'kai')).toBe('@kai');
  });
});
