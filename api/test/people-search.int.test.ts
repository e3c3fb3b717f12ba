/**
 * People search over HTTP (issue 20, the header search): `GET /api/users/search` finds active
 * members by tagname prefix (with or without `@`, any case) and by words of their name (accents
 * folded), never admins, suspended or deleted members; pages; 401 without a session; 422 for an
 * empty or too long `q`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberSummary } from '../src/schemas';
import { client, demoSessions, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let s: Record<'sofia' | 'admin', Session>;

interface Found {
  data: MemberSummary[];
  meta: { page: number; per_page: number; total: number; last_page: number; total_capped: boolean };
}

const search = async (q: string, extra = '') => {
  const res = await api.get<Found>(`/api/users/search?q=${encodeURIComponent(q)}${extra}`, {
    token: s.sofia.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const tagnames = (found: Found) => found.data.map((p) => p.tagname);

/** Registers a member and gives them a tagname: their session. */
async function member(fullName: string, tagname: string, role = 'Agent'): Promise<Session> {
  const body = newAccount({ full_name: fullName, role });
  const registered = await api.post<Session>('/api/register', { body });
  expect(registered.status).toBe(201);
  const named = await api.put('/api/user/tagname', {
    token: registered.body.token,
    body: { tagname },
  });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  return { ...registered.body, user: { ...registered.body.user, tagname } };
}

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  s = await demoSessions(api, ['sofia', 'admin']);
});
afterAll(() => server.close());

describe('GET /api/users/search', () => {
  it('finds a member by the start of their tagname, with or without @, in any case', async () => {
    for (const q of ['amara_gu', '@amara_gu', '@AMARA_GUIDES', 'Amara']) {
      const found = await search(q);
      expect(tagnames(found), q).toContain('amara_guides');
    }
    const [amara] = (await search('@amara_guides')).data;
    expect(amara).toEqual({
      id: expect.any(String),
      tagname: 'amara_guides',
      full_name: 'Amara Diallo',
      avatar: null,
      role: 'Agent',
    });
  });

  it('finds members by words of their name, each the start of a word, accents folded', async () => {
    expect(tagnames(await search('diallo'))).toEqual(['amara_guides']);
    expect(tagnames(await search('Lucia'))).toEqual(['lucia_lens']);
    expect(tagnames(await search('ferr luc'))).toEqual(['lucia_lens']);
    expect(tagnames(await search('Helen Brandt'))).toEqual(['helen_brandt']);
    expect(tagnames(await search('helen smith'))).toEqual([]);
    // "@" searches tagnames only: no tagname starts with "diallo".
    expect(tagnames(await search('@diallo'))).toEqual([]);
  });

  it('puts the exact tagname first, then other tagname matches, then name matches', async () => {
    await member('Quill Ortega', 'quill');
    await member('Zed Quillon', 'quill_two');
    await member('Quillan Abbot', 'abbot_q');
    expect(tagnames(await search('quill'))).toEqual(['quill', 'quill_two', 'abbot_q']);
  });

  it('leaves out admins, suspended and deleted members', async () => {
    expect(tagnames(await search('ada_admin'))).toEqual([]);
    expect(tagnames(await search('Okafor'))).toEqual([]);

    const suspended = await member('Vesper Suspendu', 'vesper_s');
    const deleted = await member('Vesper Gone', 'vesper_g');
    await member('Vesper Here', 'vesper_h');
    expect(tagnames(await search('vesper')).sort()).toEqual(['vesper_g', 'vesper_h', 'vesper_s']);

    const patched = await api.patch(`/api/admin/users/${suspended.user.id}`, {
      token: s.admin.token,
      body: { status: 'suspended' },
    });
    expect(patched.status).toBe(200);
    const removed = await api.delete('/api/user', {
      token: deleted.token,
      body: { password: 'a-good-password' },
    });
    expect(removed.status).toBe(204);

    expect(tagnames(await search('vesper'))).toEqual(['vesper_h']);
    expect(tagnames(await search('@vesper_s'))).toEqual([]);
  });

  it('pages through the matches', async () => {
    for (let i = 0; i < 5; i++) await member(`Paging Person${i}`, `pager_${i}`, 'Customer');
    const first = await search('pager', '&per_page=2');
    expect(first.meta).toEqual({
      page: 1,
      per_page: 2,
      total: 5,
      last_page: 3,
      total_capped: false,
    });
    const seen = [...tagnames(first)];
    for (const page of [2, 3])
      seen.push(...tagnames(await search('pager', `&per_page=2&page=${page}`)));
    expect(seen).toEqual(['pager_0', 'pager_1', 'pager_2', 'pager_3', 'pager_4']);
    expect((await search('pager', '&per_page=2&page=4')).data).toEqual([]);
  });

  it('is for signed-in members: 401 without a session', async () => {
    const res = await api.get('/api/users/search?q=amara');
    expect(res.status).toBe(401);
  });

  it('answers 422 for an empty, blank or too long q, or a bad page', async () => {
    for (const query of ['', '?q=', '?q=%20%20', '?q=%40', `?q=${'a'.repeat(61)}`]) {
      const res = await api.get<{ errors: Record<string, string[]> }>(`/api/users/search${query}`, {
        token: s.sofia.token,
      });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual(['q']);
    }
    const badPage = await api.get<{ errors: Record<string, string[]> }>(
      '/api/users/search?q=amara&page=0',
      { token: s.sofia.token },
    );
    expect(badPage.status).toBe(422);
    expect(Object.keys(badPage.body.errors)).toEqual(['page']);
  });
});
