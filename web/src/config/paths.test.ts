import { describe, expect, it } from 'vitest';
import { buildPath, notFoundPathFor, paths } from './paths';

describe('paths registry', () => {
  it('keeps the spec paths', () => {
    expect(paths.index).toBe('/');
    expect(paths.aboutus).toBe('/about-us');
    expect(paths.contactus).toBe('/contact-us');
    expect(paths['services.id']).toBe('/services/:id');
    expect(paths['project.shortlisted']).toBe('/project/:id/shorlisted');
    expect(paths['404']).toBe('/:url/404');
  });

  it('has no two names for one path', () => {
    const values = Object.values(paths);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('buildPath', () => {
  it('returns static paths as they are', () => {
    expect(buildPath('index')).toBe('/');
    expect(buildPath('leaderboard')).toBe('/leaderboard');
    expect(buildPath('agent.my.orders')).toBe('/agent/agent-my-orders');
  });

  it('fills and encodes params', () => {
    expect(buildPath('services.id', { id: 's1' })).toBe('/services/s1');
    expect(buildPath('project.apply.team', { id: 7 })).toBe('/project/7/apply/team');
    expect(buildPath('user.message', { tagname: 'ana_guide' })).toBe('/@/ana_guide/message');
    expect(buildPath('password.reset', { token: 'a/b c?' })).toBe('/password/reset/a%2Fb%20c%3F');
  });

  it('appends a query', () => {
    expect(buildPath('login', undefined, { redirect: '/inbox' })).toBe('/login?redirect=%2Finbox');
  });

  it('refuses a missing param', () => {
    expect(() => buildPath('services.id', {} as { id: string })).toThrow(/id/);
  });
});

describe('notFoundPathFor', () => {
  it('adds the 404 suffix once', () => {
    expect(notFoundPathFor('/services/s1')).toBe('/services/s1/404');
    expect(notFoundPathFor('/services/')).toBe('/services/404');
    expect(notFoundPathFor('/services/404')).toBe('/services/404');
    expect(notFoundPathFor('/')).toBe('/404');
  });
});
