/**
 * `GET /api/leaderboard`: members of one expertise by points, highest first, LEADERBOARD_PER_PAGE
 * a page. What a page costs does not grow with the number of members:
 * - the members per points value (`pointsCounts`, standings.ts: one document, kept by every
 *   standing write) give the total, every rank (1 + the members with more points) and where a
 *   page starts: the points value holding its first entry and how many of that value come before
 *   it;
 * - the page is one read of `standings/ranked` from that points value, skipping only those few
 *   (never the whole leaderboard above it);
 * - the people are one `_all_docs` of wf_users; the caller's own place one standing read.
 */
import type { AppDeps } from '../../context';
import { ValidationError } from '../../lib/errors';
import { LEADERBOARD_PER_PAGE, type LeaderboardResponse } from '../../schemas/projects';
import { listActiveServices } from '../services/services.service';
import { personOrDeleted, usersByIds } from '../users/users.lookup';
import type { UserDoc } from '../users/users.model';
import {
  pointsCounts,
  readStanding,
  standingKey,
  type PointsCounts,
  type StandingDoc,
} from './standings';

type Deps = Pick<AppDeps, 'couch'>;

/** The expertise asked for (a service id), or the first service of the catalog; 422 otherwise. */
async function expertiseOf(deps: Deps, asked: string | undefined): Promise<string> {
  const services = await listActiveServices(deps.couch);
  if (!asked) {
    const first = services[0];
    if (!first) throw ValidationError.field('expertise', 'There are no services to rank yet.');
    return first.id;
  }
  if (!services.some((s) => s.id === asked))
    throw ValidationError.field('expertise', 'Choose one of the services.');
  return asked;
}

/**
 * Rank of a points value: 1 + the members with strictly more points (`counts` highest first),
 * from one cumulative map built once; a value no one has is ranked after every higher one.
 */
function ranker(counts: PointsCounts) {
  const above = new Map<number, number>();
  let more = 0;
  for (const c of counts) {
    above.set(c.points, more);
    more += c.count;
  }
  return (points: number) =>
    1 + (above.get(points) ?? counts.reduce((n, c) => n + (c.points > points ? c.count : 0), 0));
}

export async function leaderboard(
  deps: Deps,
  viewer: UserDoc | null,
  query: { expertise?: string; page: number },
): Promise<LeaderboardResponse> {
  const expertise = await expertiseOf(deps, query.expertise);
  const counts = await pointsCounts(deps, expertise);
  const rankOf = ranker(counts);
  const total = counts.reduce((n, c) => n + c.count, 0);
  const perPage = LEADERBOARD_PER_PAGE;
  const offset = (query.page - 1) * perPage;

  // The points value the page starts in, and how many entries of that value come before it.
  let rows: { key: [string, number, string] }[] = [];
  let before = 0;
  const start = counts.find((c) => {
    if (before + c.count > offset) return true;
    before += c.count;
    return false;
  });
  const db = deps.couch.db('projects');
  if (start) {
    const result = await db.view('standings', 'ranked', {
      startkey: [expertise, start.points, {}],
      endkey: [expertise],
      descending: true,
      reduce: false,
      skip: offset - before,
      limit: perPage,
    } as never);
    rows = result.rows as unknown as typeof rows;
  }

  const [people, mine] = await Promise.all([
    usersByIds(
      deps,
      rows.map((r) => r.key[2]),
    ),
    viewer ? readStanding(deps, standingKey(expertise, viewer.id)) : Promise.resolve(null),
  ]);

  return {
    data: rows.map(({ key: [, points, userId] }) => {
      const { tagname, full_name, avatar } = personOrDeleted(people.get(userId), userId);
      return { rank: rankOf(points), user: { tagname, full_name, avatar }, points };
    }),
    meta: {
      page: query.page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      expertise,
      me: mine && mine.points > 0 ? { rank: rankOf(mine.points), points: mine.points } : null,
    },
  };
}

/**
 * The leaderboard entries of `userId` for profiles (`GET /api/user`, `/api/user/{tagname}`):
 * their standings in the active services, highest first, read by id in one request, so a
 * profile shows the points the leaderboard ranks (the standings follow the point views at every
 * review change; the repair sets them right after a failure).
 */
export async function leaderboardsOf(
  deps: Deps,
  userId: string,
): Promise<{ expertise: string; points: number }[]> {
  const services = await listActiveServices(deps.couch);
  if (!services.length) return [];
  const result = await deps.couch
    .db('projects')
    .fetch({ keys: services.map((s) => standingKey(s.id, userId)) });
  return (result.rows as { doc?: StandingDoc | null }[])
    .map((row) => row.doc)
    .filter((doc): doc is StandingDoc => doc?.type === 'standing' && doc.points > 0)
    .map((doc) => ({ expertise: doc.expertise, points: doc.points }))
    .sort((a, b) => b.points - a.points);
}
