/**
 * The jobs board (`GET /api/jobs`, agents) and saved searches.
 *
 * The board reads the `jobs/board` index of open jobs, newest first, the way gig search reads
 * its ranges (routes/gigs/search-window.ts): one range (every open job, one service's, or the
 * jobs under one word of the query), read in batches only as far as the page needs and never
 * past BOARD_ROWS rows, the filters applied to each row as it comes. So a page costs the same on
 * 100 or 100,000 jobs; past the cap, the total is a lower bound. Without a service filter, the
 * jobs of the agent's own services (their active gigs' services) come first: the same range
 * read twice, once keeping those services' jobs, then the others'.
 */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import type { ListResponse } from '../../schemas';
import {
  SAVED_SEARCHES_MAX,
  type Job,
  type JobSearch,
  type JobSearchQuery,
  type SavedJobSearch,
} from '../../schemas/jobs';
import { agentGigs } from '../gigs/gigs.service';
import { tokenize } from '../gigs/search-text';
import { readWindow, type IndexRow } from '../gigs/search-window';
import type { UserDoc } from '../users/users.model';
import {
  budgetRange,
  isOpen,
  savedSearchKey,
  toJob,
  type JobDoc,
  type SavedSearchDoc,
} from './job-model';

type Deps = Pick<AppDeps, 'couch' | 'clock'>;

/** Index rows one board page reads at most (per pass). */
const BOARD_ROWS = 2000;

/** The words a job is found by: its title, destination and description. */
const jobTokens = (job: Pick<JobDoc, 'title' | 'destination' | 'description'>) =>
  tokenize([job.title, job.destination, job.description].join(' '));

/** Does the job pass the filters (the text query's words included)? */
function jobMatches(job: JobDoc, query: JobSearchQuery, words: string[]): boolean {
  if (query.service && job.service_id !== query.service) return false;
  if (query.destination && !job.destination.toLowerCase().includes(query.destination.toLowerCase()))
    return false;
  const budget = budgetRange(job.budget);
  // The budget filters keep jobs whose budget reaches into [min_budget, max_budget].
  if (query.min_budget !== undefined && budget.max < query.min_budget) return false;
  if (query.max_budget !== undefined && budget.min > query.max_budget) return false;
  const end = job.end_date ?? job.start_date;
  if (query.date_from && end < query.date_from) return false;
  if (query.date_to && job.start_date > query.date_to) return false;
  if (words.length) {
    const tokens = new Set(jobTokens(job));
    if (!words.every((w) => tokens.has(w))) return false;
  }
  return true;
}

type Row = IndexRow<null> & { doc?: JobDoc };

/** One range of `jobs/board`, newest first: `prefix` is ['*'], ['service', id] or ['word', w]. */
function rangeOf(deps: Deps, prefix: unknown[]) {
  return async (range: { startkey: unknown[]; skip: number; limit: number }) => {
    const result = await deps.couch.db('market').view('jobs', 'board', {
      startkey: range.startkey,
      endkey: prefix,
      skip: range.skip,
      limit: range.limit,
      descending: true,
      include_docs: true,
      reduce: false,
    } as never);
    return result.rows as unknown as Row[];
  };
}

/** The services of the agent's active gigs: their jobs come first on the board. */
async function servicesOf(deps: Deps, agent: UserDoc): Promise<Set<string>> {
  const gigs = await agentGigs(deps as never, agent);
  return new Set(gigs.filter((g) => g.status === 'active').map((g) => g.service_id));
}

/** `GET /api/jobs`: open jobs, the agent's services first, then newest, filtered. */
export async function searchBoard(
  deps: Deps,
  agent: UserDoc,
  search: JobSearch,
): Promise<ListResponse<Job>> {
  const now = deps.clock.now();
  const words = search.q ? tokenize(search.q) : [];
  // The range: one word of the query (the rest checked per row), a service, or every job.
  const prefix = words.length
    ? ['word', words[0]]
    : search.service
      ? ['service', search.service]
      : ['*'];
  const read = rangeOf(deps, prefix);
  const want = search.page * search.per_page;
  const fits = (row: Row) =>
    !!row.doc && isOpen(row.doc, now) && jobMatches(row.doc, search, words);
  const mine = search.service ? new Set<string>() : await servicesOf(deps, agent);
  const passes = mine.size
    ? [
        (row: Row) => fits(row) && mine.has(row.doc!.service_id),
        (row: Row) => fits(row) && !mine.has(row.doc!.service_id),
      ]
    : [fits];
  const matches: JobDoc[] = [];
  let exhausted = true;
  for (const accept of passes) {
    const window = await readWindow(
      read,
      [...prefix, {}],
      accept,
      want - matches.length,
      BOARD_ROWS,
    );
    matches.push(...window.matches.map((row) => (row as Row).doc!));
    if (!window.exhausted) {
      exhausted = false;
      break;
    }
  }
  const total = exhausted ? matches.length : Math.max(matches.length, want + 1);
  const start = (search.page - 1) * search.per_page;
  const viewer = { id: agent.id, role: agent.role };
  return {
    data: matches.slice(start, start + search.per_page).map((job) => toJob(job, viewer, null, now)),
    meta: {
      page: search.page,
      per_page: search.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / search.per_page)),
    },
  };
}

// Saved searches --------------------------------------------------------------------------------

function toSaved(doc: SavedSearchDoc): SavedJobSearch {
  return {
    id: doc.id,
    name: doc.name,
    query: doc.query as JobSearchQuery,
    created_at: doc.created_at,
  };
}

async function savedOf(deps: Deps, agentId: string): Promise<SavedSearchDoc[]> {
  const result = await deps.couch.db('market').list({
    startkey: savedSearchKey(agentId, ''),
    endkey: savedSearchKey(agentId, '\ufff0'),
    include_docs: true,
  });
  return (result.rows as unknown as { doc?: SavedSearchDoc }[])
    .map((row) => row.doc)
    .filter((doc): doc is SavedSearchDoc => doc?.type === 'job_search')
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function listSavedSearches(deps: Deps, agent: UserDoc): Promise<SavedJobSearch[]> {
  return (await savedOf(deps, agent.id)).map(toSaved);
}

/** A name for a search from its filters: "guide in Lisbon", or "Every open job". */
function nameOf(query: JobSearchQuery): string {
  const parts = [
    query.q,
    query.service,
    query.destination ? `in ${query.destination}` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(' ').slice(0, 60) : 'Every open job';
}

export async function saveSearch(
  deps: Deps,
  agent: UserDoc,
  input: JobSearchQuery & { name?: string },
): Promise<SavedJobSearch> {
  const existing = await savedOf(deps, agent.id);
  if (existing.length >= SAVED_SEARCHES_MAX)
    throw conflict(`You can keep at most ${SAVED_SEARCHES_MAX} saved searches: delete one first.`);
  const { name, ...query } = input;
  const clean = Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string | number>;
  const id = randomBytes(8).toString('hex');
  const doc: SavedSearchDoc = {
    _id: savedSearchKey(agent.id, id),
    type: 'job_search',
    id,
    agent_id: agent.id,
    name: name || nameOf(query),
    query: clean,
    created_at: deps.clock.now().toISOString(),
  };
  await deps.couch.db('market').insert(doc as never);
  return toSaved(doc);
}

export async function deleteSavedSearch(deps: Deps, agent: UserDoc, id: string): Promise<void> {
  const doc = (await savedOf(deps, agent.id)).find((d) => d.id === id);
  if (!doc) throw notFound('No such saved search.');
  await deps.couch.db('market').destroy(doc._id, doc._rev!);
}

/**
 * The agents whose saved search matches a new job (the posting's follow-up tells them): the
 * searches of the job's service and those of any service, from the `jobs/saved_searches` index.
 */
export async function matchingSearches(deps: Deps, job: JobDoc): Promise<string[]> {
  const result = await deps.couch.db('market').view('jobs', 'saved_searches', {
    keys: [job.service_id, '*'],
    include_docs: true,
    reduce: false,
  } as never);
  const agents = new Set<string>();
  for (const row of result.rows as unknown as { doc?: SavedSearchDoc }[]) {
    const doc = row.doc;
    if (!doc || doc.agent_id === job.customer_id || agents.has(doc.agent_id)) continue;
    const query = doc.query as JobSearchQuery;
    if (jobMatches(job, query, query.q ? tokenize(query.q) : [])) agents.add(doc.agent_id);
  }
  return [...agents];
}
