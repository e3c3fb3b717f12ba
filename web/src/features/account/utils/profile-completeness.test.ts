import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { profileCompleteness } from './profile-completeness';

describe('profileCompleteness', () => {
  it('counts the real fields of a new customer', () => {
    const { percent, items } = profileCompleteness(makeUser());
    expect(items.map((i) => [i.key, i.isDone])).toEqual([
      ['email', true],
      ['tagname', true],
      ['avatar', false],
      ['bio', false],
      ['expertise', false],
      ['location', false],
      ['languages', false],
    ]);
    expect(percent).toBe(29);
  });

  it('is 100% when everything is filled in; agents also need a CV', () => {
    const full = {
      avatar: '/a.png',
      bio: 'Guide in Lisbon.',
      expertise: 'Tour Guide',
      location: 'Lisbon',
      languages: ['English'],
    };
    expect(profileCompleteness(makeUser(full)).percent).toBe(100);
    const agent = profileCompleteness(makeUser({ ...full, role: 'Agent' }));
    expect(agent.percent).toBe(88);
    expect(agent.items.find((i) => !i.isDone)).toMatchObject({ key: 'cv', target: 'uploads' });
    expect(profileCompleteness(makeUser({ ...full, role: 'Agent', cv: '/cv.pdf' })).percent).toBe(
      100,
    );
  });

  it('does not count blank text as filled', () => {
    const { items } = profileCompleteness(makeUser({ bio: '   ', email_verified_at: null }));
    expect(items.find((i) => i.key === 'bio')?.isDone).toBe(false);
    expect(items.find((i) => i.key === 'email')).toMatchObject({ isDone: false, target: 'email' });
  });
});
