import { describe, expect, it } from 'vitest';
import { changesOf, describeAction, formatValue, parseTarget } from './audit';

describe('audit entries as admins read them', () => {
  it('describes known actions and shows unknown ones as they are', () => {
    expect(describeAction('user.suspend')).toBe('Suspended a user');
    expect(describeAction('dispute.resolve.refund')).toBe('Resolved a dispute: refunded');
    expect(describeAction('withdrawal.approve')).toBe('withdrawal.approve');
  });

  it('reads targets by their document prefix', () => {
    expect(parseTarget('user:u1')).toEqual({ kind: 'user', id: 'u1', label: 'User u1' });
    expect(parseTarget('service:chef')).toMatchObject({ kind: 'service', id: 'chef' });
    expect(parseTarget('blog:packing-tips')).toMatchObject({ kind: 'blog', id: 'packing-tips' });
    expect(parseTarget('contact:2025-01-01T00:00:00.000Z:ab')).toMatchObject({
      kind: 'contact',
      id: '2025-01-01T00:00:00.000Z:ab',
    });
    expect(parseTarget('order:3f9a1c0e77aa88bb99cc00dd')).toEqual({
      kind: 'order',
      id: '3f9a1c0e77aa88bb99cc00dd',
      label: 'Order #3f9a1c0e',
    });
    expect(parseTarget('something')).toMatchObject({ kind: 'other', id: 'something' });
  });

  it('lists only the fields that changed', () => {
    expect(
      changesOf(
        { role: 'Agent', status: 'active', email_verified_at: null },
        { role: 'Agent', status: 'suspended', email_verified_at: null },
      ),
    ).toEqual([{ field: 'status', before: 'active', after: 'suspended' }]);
  });

  it('lists every field of a creation or a deletion', () => {
    expect(changesOf(null, { name: 'Dive Instructor', status: 'active' })).toEqual([
      { field: 'name', before: '—', after: 'Dive Instructor' },
      { field: 'status', before: '—', after: 'active' },
    ]);
    expect(changesOf({ email: 'a@b.test' }, null)).toEqual([
      { field: 'email', before: 'a@b.test', after: '—' },
    ]);
  });

  it('formats values briefly', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(true)).toBe('yes');
    expect(formatValue('x'.repeat(100))).toHaveLength(80);
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });
});
