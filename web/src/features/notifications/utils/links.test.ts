import { describe, expect, it } from 'vitest';
import { notificationHref } from './links';

describe('notificationHref', () => {
  it('sends party invitations and removals to the member page, answers to the leader page', () => {
    expect(notificationHref({ kind: 'party_invite', link: '/party' })).toBe('/party/member');
    expect(notificationHref({ kind: 'party_removed', link: '/party' })).toBe('/party/member');
    expect(notificationHref({ kind: 'party_invite_accepted', link: '/party' })).toBe(
      '/party/leader',
    );
    expect(notificationHref({ kind: 'party_invite_declined', link: '/x' })).toBe('/party/leader');
  });

  it('sends a new application to the shortlist and decisions to the project page', () => {
    expect(
      notificationHref({ kind: 'project_application', link: '/projects/p%201/shortlist' }),
    ).toBe('/project/p%201/shorlisted');
    expect(notificationHref({ kind: 'application_accepted', link: '/project/p1' })).toBe(
      '/project/p1',
    );
    expect(notificationHref({ kind: 'project_completed', link: '/projects/p9' })).toBe(
      '/project/p9',
    );
  });

  it('sends a review to the member’s own projects', () => {
    expect(notificationHref({ kind: 'project_review', link: '/projects/p1/dashboard' })).toBe(
      '/profile/projects',
    );
  });

  it('keeps the server’s link for the other kinds', () => {
    expect(notificationHref({ kind: 'order_delivered', link: '/orders/o1' })).toBe('/orders/o1');
    expect(notificationHref({ kind: 'application_declined', link: '' })).toBe('');
  });
});
