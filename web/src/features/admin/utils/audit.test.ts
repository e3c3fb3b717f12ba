import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@wayfarer/api/schemas/audit';
import { changesOf, describeEntry, formatValue, parseTarget } from './audit';

describe('audit entries as admins read them', () => {
  it('has a sentence for every audited action, so none reaches an admin as a raw name', () => {
    for (const action of AUDIT_ACTIONS) {
      const bare = describeEntry({ action, before: null, after: null });
      expect(bare, action).not.toBe(action);
      expect(bare, action).not.toContain(action);
      expect(bare, action).toMatch(/^[A-Z][^.]+ [a-z]/);
    }
    // An entry written by a newer API than this build: shown as it is rather than hidden.
    expect(describeEntry({ action: 'gig.feature', before: null, after: null })).toBe('gig.feature');
  });

  it('reads withdrawals with the agent, the amount and the reference or the reason', () => {
    const amount = { amount: 7_500, currency: 'USD' };
    expect(
      describeEntry({
        action: 'withdrawal.approve',
        before: { agent: 'Kenji Morimoto', amount, status: 'requested' },
        after: {
          agent: 'Kenji Morimoto',
          amount,
          status: 'paid',
          reference: 'TRX-2026-0042',
          reason: null,
        },
      }),
    ).toBe('Paid Kenji Morimoto’s withdrawal of $75 (reference TRX-2026-0042)');
    expect(
      describeEntry({
        action: 'withdrawal.reject',
        before: { agent: 'Kenji Morimoto', amount: { amount: 5_050, currency: 'USD' } },
        after: { status: 'rejected', reason: 'The holder does not match.', reference: null },
      }),
    ).toBe('Rejected Kenji Morimoto’s withdrawal of $50.50: The holder does not match.');
    // Entries written before the agent and amount were recorded.
    expect(
      describeEntry({
        action: 'withdrawal.approve',
        before: { status: 'requested' },
        after: { status: 'paid', reference: 'R-1' },
      }),
    ).toBe('Paid an agent’s withdrawal (reference R-1)');
  });

  it('reads review moderation with the author, the gig and the note', () => {
    expect(
      describeEntry({
        action: 'review.hide',
        before: { hidden: null },
        after: {
          hidden: { note: 'Personal details.' },
          note: 'Personal details.',
          author: 'Sofia Marin',
          gig: 'Gorée Island history walk',
        },
      }),
    ).toBe('Hid Sofia Marin’s review of “Gorée Island history walk”. Note: Personal details.');
    expect(
      describeEntry({
        action: 'review.unhide',
        before: { hidden: { note: 'x' } },
        after: { hidden: null, author: 'Sofia Marin', gig: 'Gorée Island history walk' },
      }),
    ).toBe('Showed Sofia Marin’s review of “Gorée Island history walk” again');
  });

  it('reads disputes with the amount refunded and the note, users and posts by name', () => {
    expect(
      describeEntry({
        action: 'dispute.resolve.refund',
        before: { currency: 'USD', status: 'disputed', refunded: 0 },
        after: { currency: 'USD', status: 'cancelled', refunded: 3_050, note: 'Half the tour.' },
      }),
    ).toBe('Resolved a dispute: refunded $30.50 to the customer. Note: Half the tour.');
    expect(
      describeEntry({
        action: 'dispute.resolve.complete',
        before: { status: 'disputed', refunded: 0 },
        after: { status: 'completed', refunded: 0, note: 'Delivered as agreed.' },
      }),
    ).toBe(
      'Resolved a dispute: completed, the payment released to the agent. Note: Delivered as agreed.',
    );
    expect(
      describeEntry({
        action: 'user.suspend',
        before: { full_name: 'Ada Okafor', status: 'active' },
        after: { full_name: 'Ada Okafor', status: 'suspended' },
      }),
    ).toBe('Suspended Ada Okafor');
    expect(
      describeEntry({
        action: 'user.delete',
        before: { full_name: 'Ada Okafor', email: 'ada@x.test' },
        after: null,
      }),
    ).toBe('Deleted Ada Okafor (ada@x.test)');
    expect(
      describeEntry({
        action: 'blog.publish',
        before: { title: 'Packing' },
        after: { title: 'Packing light' },
      }),
    ).toBe('Published the blog post “Packing light”');
    expect(describeEntry({ action: 'service.delete', before: { name: 'Chef' }, after: null })).toBe(
      'Deleted the service “Chef”',
    );
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
    expect(parseTarget('withdrawal:0a1b2c3d4e5f60718293')).toEqual({
      kind: 'withdrawal',
      id: '0a1b2c3d4e5f60718293',
      label: 'Withdrawal #0a1b2c3d',
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
