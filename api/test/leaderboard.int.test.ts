/**
 * The leaderboard over HTTP (issue 19): standings follow the point views (project reviews here;
 * order reviews in reviews.int.test.ts), equal points share a rank, pages of
 * LEADERBOARD_PER_PAGE, the caller's own place in meta.me, the default and unknown expertise
 * (422), a refresh to 0 points removes the member, concurrent refreshes converge on the truth,
 * the repair restores lost or wrong standings, and profiles count project points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStandings, repairStandings } from '../src/routes/leaderboard/standings';
import { LEADERBOARD_PER_PAGE } from '../src/schemas/projects';
import { client, demoSessions, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let s: Record<'mei' | 'tomas' | 'aisha' | 'sofia', Session>;

type Err = { message: string; errors?: Record<string, string[]> };
interface Board {
  data: {
    rank: number;
    user: { tagname: string | null; full_name: string; avatar: string | null };
    points: number;
  }[];
  meta: {
    page: number;
    per_page: number;
    total: number;
    last_page: number;
    expertise: string;
    me: { rank: number; points: number } | null;
  };
}

const EXPERTISE = 'chef';
let reviewCount = 0;
/** A lecturer's review of a project participant, as the projects API stores it. */
async function projectReview(subjectId: string, rating: number, expertise = EXPERTISE) {
  const id = `test-${++reviewCount}`;
  await server.deps.couch.db('projects').insert({
    _id: `projectreview:${id}`,
    type: 'project_review',
    id,
    project_id: 'p-test',
    subject_id: subjectId,
    reviewer_id: 'lecturer-test',
    expertise,
    rating,
    comment: 'Careful work on every day of the trip.',
    created_at: new Date().toISOString(),
  } as never);
  return `projectreview:${id}`;
}
const board = async (query: string, token?: string) => {
  const res = await api.get<Board & Err>(`/api/leaderboard${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ghosts = Array.from({ length: 22 }, (_, i) => `ghost${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  s = await demoSessions(api, ['mei', 'tomas', 'aisha', 'sofia']);
  // Mei 50 and Aisha 10 + 30 + 10 = 50 (a tie), Tomas 30, 22 more members at 10 points each.
  await projectReview(s.mei.user.id, 5);
  await projectReview(s.aisha.user.id, 3);
  await projectReview(s.aisha.user.id, 4);
  await projectReview(s.aisha.user.id, 3);
  await projectReview(s.tomas.user.id, 4);
  await projectReview(s.tomas.user.id, 2); // 0 points
  for (const ghost of ghosts) await projectReview(ghost, 3);
  for (const id of [s.mei.user.id, s.aisha.user.id, s.tomas.user.id, ...ghosts])
    await refreshStandings(server.deps, id, [EXPERTISE]);
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /api/leaderboard', () => {
  it('ranks by points, highest first; equal points share a rank', async () => {
    const first = await board(`?expertise=${EXPERTISE}`);
    expect(first.meta).toEqual({
      page: 1,
      per_page: LEADERBOARD_PER_PAGE,
      total: 25,
      last_page: 2,
      expertise: EXPERTISE,
      me: null,
    });
    expect(first.data).toHaveLength(LEADERBOARD_PER_PAGE);
    const top = first.data.slice(0, 3).map((e) => [e.rank, e.user.tagname, e.points]);
    expect(top.slice(0, 2).map((t) => t[0])).toEqual([1, 1]);
    expect(
      top
        .slice(0, 2)
        .map((t) => t[1])
        .sort(),
    ).toEqual(['aisha_bello', 'mei_lin']);
    expect(top[2]).toEqual([3, 'tomas_novak', 30]);
    expect(first.data[0]!.user.full_name).toMatch(/\w/);
    // Everyone else has 10 points: rank 4, shown as deleted people (no accounts behind them).
    for (const entry of first.data.slice(3))
      expect(entry).toEqual({
        rank: 4,
        user: { tagname: null, full_name: 'Deleted user', avatar: null },
        points: 10,
      });

    const second = await board(`?expertise=${EXPERTISE}&page=2`);
    expect(second.meta).toMatchObject({ page: 2, total: 25, last_page: 2 });
    expect(second.data).toHaveLength(25 - LEADERBOARD_PER_PAGE);
    expect(second.data.every((e) => e.rank === 4 && e.points === 10)).toBe(true);
    const past = await board(`?expertise=${EXPERTISE}&page=3`);
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(25);
  });

  it('pages hold every member exactly once, in order', async () => {
    const ids = await server.deps.couch.db('projects').list({
      startkey: `standing:${EXPERTISE}:`,
      endkey: `standing:${EXPERTISE}:\ufff0`,
    });
    expect(ids.rows).toHaveLength(25);
    const all = [
      ...(await board(`?expertise=${EXPERTISE}`)).data,
      ...(await board(`?expertise=${EXPERTISE}&page=2`)).data,
    ];
    expect(all).toHaveLength(25);
    expect(all.map((e) => e.points)).toEqual([...all.map((e) => e.points)].sort((a, b) => b - a));
  });

  it("meta.me is the signed-in caller's place, null without points or signed out", async () => {
    expect((await board(`?expertise=${EXPERTISE}`, s.tomas.token)).meta.me).toEqual({
      rank: 3,
      points: 30,
    });
    expect((await board(`?expertise=${EXPERTISE}`, s.aisha.token)).meta.me).toEqual({
      rank: 1,
      points: 50,
    });
    expect((await board(`?expertise=${EXPERTISE}`, s.sofia.token)).meta.me).toBeNull();
    expect((await board('?expertise=tour-guide', s.tomas.token)).meta.me).toBeNull();
    // A forged token is refused, not treated as a guest.
    expect(
      (await api.get(`/api/leaderboard?expertise=${EXPERTISE}`, { token: 'forged.token.here' }))
        .status,
    ).toBe(401);
  });

  it('defaults to the first service; an unknown expertise or a bad page is a 422', async () => {
    const services = await api.get<{ id: string }[] | { data: { id: string }[] }>(
      '/api/getServices',
    );
    const list = Array.isArray(services.body) ? services.body : services.body.data;
    const fallback = await board('');
    expect(fallback.meta.expertise).toBe(list[0]!.id);
    expect(fallback.meta.total).toBe(0);
    expect(fallback.data).toEqual([]);
    const unknown = await api.get<Err>('/api/leaderboard?expertise=astronaut');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.expertise).toEqual(['Choose one of the services.']);
    const page = await api.get<Err>(`/api/leaderboard?expertise=${EXPERTISE}&page=0`);
    expect(page.status).toBe(422);
    expect(page.body.errors?.page).toEqual(['The page must be 1 or more.']);
  });

  it('profiles count project points per expertise', async () => {
    const res = await api.get<{ leaderboards: { expertise: string; points: number }[] }>(
      '/api/user/aisha_bello',
    );
    expect(res.status).toBe(200);
    expect(res.body.leaderboards).toContainEqual({ expertise: EXPERTISE, points: 50 });
    const own = await api.get<{ user: { leaderboards: { expertise: string; points: number }[] } }>(
      '/api/user',
      { token: s.tomas.token },
    );
    expect(own.body.user.leaderboards).toContainEqual({ expertise: EXPERTISE, points: 30 });
  });
  it('profiles read the standings: the points the leaderboard ranks, in active services only', async () => {
    const db = server.deps.couch.db('projects');
    await db.insert({
      _id: `standing:not-a-service:${s.aisha.user.id}`,
      type: 'standing',
      user_id: s.aisha.user.id,
      expertise: 'not-a-service',
      points: 990,
      updated_at: new Date().toISOString(),
    } as never);
    const profile = await api.get<{ leaderboards: { expertise: string; points: number }[] }>(
      '/api/user/aisha_bello',
    );
    const me = (await board(`?expertise=${EXPERTISE}`, s.aisha.token)).meta.me;
    expect(profile.body.leaderboards).toEqual([{ expertise: EXPERTISE, points: me!.points }]);
    await db.destroy(
      `standing:not-a-service:${s.aisha.user.id}`,
      ((await db.get(`standing:not-a-service:${s.aisha.user.id}`)) as { _rev: string })._rev,
    );
  });
});

describe('standings', () => {
  it('a refresh to 0 points takes the member off; concurrent refreshes end at the truth', async () => {
    const db = server.deps.couch.db('projects');
    const review = (await db.get(`projectreview:test-5`)) as unknown as { _rev: string };
    await db.destroy('projectreview:test-5', review._rev); // Tomas's 4 stars
    await refreshStandings(server.deps, s.tomas.user.id, [EXPERTISE]);
    const after = await board(`?expertise=${EXPERTISE}`, s.tomas.token);
    expect(after.meta.total).toBe(24);
    expect(after.meta.me).toBeNull();
    expect(after.data[2]).toMatchObject({ rank: 3, points: 10 });
    await expect(db.get(`standing:${EXPERTISE}:${s.tomas.user.id}`)).rejects.toMatchObject({
      statusCode: 404,
    });

    // Mei gets three more reviews while five refreshes run at once: the last word is the sum.
    const refreshes: Promise<void>[] = [];
    for (const rating of [5, 4, 3]) {
      await projectReview(s.mei.user.id, rating);
      refreshes.push(refreshStandings(server.deps, s.mei.user.id, [EXPERTISE]));
      refreshes.push(refreshStandings(server.deps, s.mei.user.id, [EXPERTISE, EXPERTISE]));
    }
    await Promise.all(refreshes);
    const standing = (await db.get(`standing:${EXPERTISE}:${s.mei.user.id}`)) as unknown as {
      points: number;
    };
    expect(standing.points).toBe(50 + 50 + 30 + 10);
    const top = await board(`?expertise=${EXPERTISE}`, s.mei.token);
    expect(top.meta.me).toEqual({ rank: 1, points: 140 });
    // Counted once, however many refreshes ran.
    expect(top.meta.total).toBe(24);
    expect((await board(`?expertise=${EXPERTISE}`, s.aisha.token)).meta.me).toEqual({
      rank: 2,
      points: 50,
    });
  });

  it('a count move left pending (a crash after the standing write) is finished by the next refresh', async () => {
    const db = server.deps.couch.db('projects');
    const expertise = 'pending-move';
    await projectReview('pm1', 5, expertise); // 50 points
    const id = `standing:${expertise}:pm1`;
    await db.insert({
      _id: id,
      type: 'standing',
      user_id: 'pm1',
      expertise,
      points: 50,
      count_move: { from: null, to: 50 },
      updated_at: new Date().toISOString(),
    } as never);
    // The standing is right already: before, the refresh returned here and the count was lost.
    await refreshStandings(server.deps, 'pm1', [expertise]);
    const counts = (await db.get(`standingcounts:${expertise}`)) as unknown as {
      counts: Record<string, number>;
    };
    expect(counts.counts).toEqual({ '50': 1 });
    const standing = (await db.get(id)) as unknown as { points: number; count_move: unknown };
    expect(standing).toMatchObject({ points: 50, count_move: null });
    await refreshStandings(server.deps, 'pm1', [expertise]);
    expect(
      ((await db.get(`standingcounts:${expertise}`)) as unknown as { counts: unknown }).counts,
    ).toEqual({ '50': 1 });
  });

  it('a count move already applied (a crash before it was cleared) is not applied twice', async () => {
    const db = server.deps.couch.db('projects');
    const expertise = 'applied-move';
    await projectReview('am1', 4, expertise); // 30 points
    const id = `standing:${expertise}:am1`;
    const written = await db.insert({
      _id: id,
      type: 'standing',
      user_id: 'am1',
      expertise,
      points: 30,
      count_move: { from: null, to: 30 },
      updated_at: new Date().toISOString(),
    } as never);
    await db.insert({
      _id: `standingcounts:${expertise}`,
      type: 'standing_counts',
      expertise,
      counts: { '30': 1 },
      applied: [`${id}@${written.rev}`],
      updated_at: new Date().toISOString(),
    } as never);
    await refreshStandings(server.deps, 'am1', [expertise]);
    const counts = (await db.get(`standingcounts:${expertise}`)) as unknown as {
      counts: Record<string, number>;
    };
    expect(counts.counts).toEqual({ '30': 1 });
    expect(((await db.get(id)) as unknown as { count_move: unknown }).count_move).toBeNull();

    // A removal left pending (the standing at 0 points) is finished too: counted out, deleted.
    const review = (
      await db.list({
        startkey: 'projectreview:',
        endkey: 'projectreview:\ufff0',
        include_docs: true,
      })
    ).rows
      .map((r) => r.doc as unknown as { _id: string; _rev: string; subject_id: string })
      .find((d) => d.subject_id === 'am1')!;
    await db.destroy(review._id, review._rev);
    const now = (await db.get(id)) as unknown as Record<string, unknown>;
    await db.insert({ ...now, points: 0, count_move: { from: 30, to: null } } as never);
    await refreshStandings(server.deps, 'am1', [expertise]);
    expect(
      ((await db.get(`standingcounts:${expertise}`)) as unknown as { counts: unknown }).counts,
    ).toEqual({});
    await expect(db.get(id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('the repair restores lost and wrong standings from the views', async () => {
    const db = server.deps.couch.db('projects');
    const lost = (await db.get(`standing:${EXPERTISE}:${s.aisha.user.id}`)) as unknown as {
      _rev: string;
    };
    await db.destroy(`standing:${EXPERTISE}:${s.aisha.user.id}`, lost._rev);
    const wrong = (await db.get(`standing:${EXPERTISE}:${ghosts[0]}`)) as unknown as Record<
      string,
      unknown
    >;
    await db.insert({ ...wrong, points: 999 } as never);
    await db.insert({
      _id: `standing:${EXPERTISE}:nobody`,
      type: 'standing',
      user_id: 'nobody',
      expertise: EXPERTISE,
      points: 70,
      updated_at: new Date().toISOString(),
    } as never);
    // The counts per points value lost too (a crash between a standing and its count).
    const counts = (await db.get(`standingcounts:${EXPERTISE}`)) as unknown as { _rev: string };
    await db.destroy(`standingcounts:${EXPERTISE}`, counts._rev);
    const broken = await board(`?expertise=${EXPERTISE}`, s.aisha.token);
    expect(broken.meta.me).toBeNull();
    expect(broken.meta.total).toBe(0);

    expect(await repairStandings(server.deps)).toBeGreaterThanOrEqual(25);
    const repaired = await board(`?expertise=${EXPERTISE}`, s.aisha.token);
    expect(repaired.meta.total).toBe(24);
    expect(repaired.data.slice(0, 2).map((e) => e.points)).toEqual([140, 50]);
    expect(repaired.meta.me).toEqual({ rank: 2, points: 50 });
    expect(repaired.data.filter((e) => e.points === 999 || e.points === 70)).toEqual([]);
  });
});
