import { describe, expect, it } from 'vitest';
import { MESSAGE_ID_PATTERN } from '@wayfarer/api/schemas/userdb-rules';
import { draftKeyFor, newMessageId, otherParticipantId } from './ids';

describe('ids', () => {
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

  it('keys the composer draft by conversation, or by recipient before one exists', () => {
    expect(draftKeyFor('conv:a:b', 'kai')).toBe('conv:a:b');
    expect(draftKeyFor(null, 'kai')).toBe('@kai');
  });
});
