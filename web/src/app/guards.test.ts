import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import {
  decide,
  decideAll,
  landingPathFor,
  loginReason,
  safeRedirect,
  type GuardContext,
} from './guards';

const at = (location: string, user: GuardContext['user']): GuardContext => ({ user, location });
const customer = makeUser({ role: 'Customer' });
const agent = makeUser({ role: 'Agent' });
const admin = makeUser({ role: 'Admin' });
const student = makeUser({ role: 'Student' });
const lecturer = makeUser({ role: 'Lecturer' });
const unverified = makeUser({ email_verified_at: null });
const newcomer = makeUser({ tagname: null });

describe('guards (spec section 6)', () => {
  it('auth: a guest goes to login, remembering where they were going', () => {
    expect(decide('auth', at('/profile', null))).toBe('/login?redirect=%2Fprofile');
    expect(decide('auth', at('/inbox?c=1', null))).toBe('/login?redirect=%2Finbox%3Fc%3D1');
    expect(decide('auth', at('/profile', customer))).toBeNull();
  });

  it('guest-only: a member goes to the index', () => {
    expect(decide('guest', at('/login', customer))).toBe('/');
    expect(decide('guest', at('/login', null))).toBeNull();
  });

  it('verified: an unverified member goes to /email/check, except on /email/*', () => {
    expect(decide('verified', at('/profile', unverified))).toBe('/email/check');
    expect(decide('verified', at('/email/check', unverified))).toBeNull();
    expect(decide('verified', at('/email/verify/u1?expires=1&signature=x', unverified))).toBeNull();
    expect(decide('verified', at('/profile', customer))).toBeNull();
    expect(decide('verified', at('/profile', null))).toBeNull();
  });

  it('newcomer: a member without a tagname goes to newcomer page 1', () => {
    expect(decide('newcomer', at('/profile', newcomer))).toBe('/newcomer/page1');
    expect(decide('newcomer', at('/profile', customer))).toBeNull();
    expect(decide('newcomer', at('/profile', null))).toBeNull();
  });

  it('admin: anyone but an admin goes to the admin login, which returns them', () => {
    expect(decide('admin', at('/admin/users', customer))).toBe(
      '/admin/login?redirect=%2Fadmin%2Fusers',
    );
    expect(decide('admin', at('/admin', null))).toBe('/admin/login?redirect=%2Fadmin');
    expect(decide('admin', at('/admin/users', admin))).toBeNull();
  });

  it('student-only and lecturer-only: others go to login', () => {
    expect(decide('student', at('/party', student))).toBeNull();
    expect(decide('student', at('/party', lecturer))).toBe(
      '/login?redirect=%2Fparty&reason=student',
    );
    expect(decide('student', at('/party', null))).toBe('/login?redirect=%2Fparty&reason=student');
    expect(decide('lecturer', at('/project/post', lecturer))).toBeNull();
    expect(decide('lecturer', at('/project/post', student))).toBe(
      '/login?redirect=%2Fproject%2Fpost&reason=lecturer',
    );
  });

  it('the login page can say why a role guard sent someone there', () => {
    expect(loginReason('student')).toMatch(/Only Students/);
    expect(loginReason('lecturer')).toMatch(/Only Lecturers/);
    expect(loginReason('admin')).toBeNull();
    expect(loginReason(null)).toBeNull();
  });

  it('role areas: the wrong role goes to its own home', () => {
    expect(decide('area.customer', at('/customer/dashboard', customer))).toBeNull();
    expect(decide('area.agent', at('/agent/dashboard', customer))).toBe('/customer/dashboard');
    expect(decide('area.customer', at('/customer', agent))).toBe('/agent/dashboard');
    expect(decide('area.customer', at('/customer', admin))).toBe('/admin');
    expect(decide('area.agent', at('/agent', lecturer))).toBe('/profile');
    expect(decide('area.agent', at('/agent', null))).toBe('/login?redirect=%2Fagent');
  });

  it('runs guards in order; the first objection wins', () => {
    const area = ['auth', 'verified', 'newcomer', 'area.agent'] as const;
    expect(decideAll(area, at('/agent/dashboard', null))).toBe(
      '/login?redirect=%2Fagent%2Fdashboard',
    );
    expect(
      decideAll(area, at('/agent/dashboard', makeUser({ tagname: null, email_verified_at: null }))),
    ).toBe('/email/check');
    expect(
      decideAll(area, at('/agent/dashboard', makeUser({ role: 'Agent', tagname: null }))),
    ).toBe('/newcomer/page1');
    expect(decideAll(area, at('/agent/dashboard', customer))).toBe('/customer/dashboard');
    expect(decideAll(area, at('/agent/dashboard', agent))).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/profile?tab=1')).toBe('/profile?tab=1');
    expect(safeRedirect('//evil.test/x')).toBeNull();
    expect(safeRedirect('/\\evil.test')).toBeNull();
    expect(safeRedirect('https://evil.test')).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('landingPathFor (after login)', () => {
  it('goes back where they were going first', () => {
    expect(landingPathFor(customer, '/profile/info')).toBe('/profile/info');
    expect(landingPathFor(unverified, '/profile')).toBe('/profile');
  });

  it('else: verify, then onboarding, then their home', () => {
    expect(landingPathFor(unverified)).toBe('/email/check');
    expect(landingPathFor(newcomer)).toBe('/newcomer/page1');
    expect(landingPathFor(customer)).toBe('/customer/dashboard');
    expect(landingPathFor(agent)).toBe('/agent/dashboard');
    expect(landingPathFor(admin)).toBe('/admin');
    expect(landingPathFor(student)).toBe('/profile');
    expect(landingPathFor(customer, 'https://evil.test')).toBe('/customer/dashboard');
  });
});
