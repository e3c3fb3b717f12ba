/**
 * People search (`GET /api/users/search`, the header search): active members who are not admins,
 * by tagname prefix (`@` optional, any case) or by the words of their full name, each word of the
 * query the start of a word of the name. It reads the `people/search` view of wf_users
 * (design-docs/users/people/views/search/map.js) by key range, at most MAX_ROWS rows a range, and
 * never a document.
 */
import type { AppDeps } from '../../context';
import type { ListMeta, MemberSummary, PeopleSearchQuery, Role } from '../../schemas';
import { avatarUrl } from './users.view';

/** Rows read from one key range: past that, `meta.total_capped`. */
const PEOPLE_MAX_ROWS = 200;

interface PersonRow {
  id: string;
  key: [string, string];
  value: { tagname: string; full_name: string; avatar: string | null; role: Role };
}

/** The words of a name as the view lists them: lower case, accents dropped, each once (at most 10). */
export function nameWords(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, 10);
}

async function readRange(deps: Pick<AppDeps, 'couch'>, kind: 'tag' | 'name', prefix: string) {
  const result = await deps.couch.db('users').view<PersonRow['value']>('people', 'search', {
    startkey: [kind, prefix],
    endkey: [kind, `${prefix}\ufff0`],
    limit: PEOPLE_MAX_ROWS,
  });
  const rows = result.rows as unknown as PersonRow[];
  // Collation differs a little between CouchDB (ICU) and the embedded server: the prefix decides.
  return {
    rows: rows.filter((row) => row.key[1].startsWith(prefix)),
    capped: rows.length >= PEOPLE_MAX_ROWS,
  };
}

/** Exact tagname first, then other tagname matches, then name matches; each by name. */
function rank(person: MemberSummary, tagPrefix: string): number {
  const tag = person.tagname ?? '';
  if (tagPrefix && tag === tagPrefix) return 0;
  if (tagPrefix && tag.startsWith(tagPrefix)) return 1;
  return 2;
}

export async function searchPeople(
  deps: Pick<AppDeps, 'couch'>,
  query: PeopleSearchQuery,
): Promise<{ data: MemberSummary[]; meta: ListMeta & { total_capped: boolean } }> {
  const byTagname = query.q.startsWith('@');
  const bare = query.q.replace(/^@+/, '').trim().toLowerCase();
  const tagPrefix = /^[a-z0-9_]+$/.test(bare) ? bare : '';
  const words = byTagname ? [] : nameWords(query.q);
  // The longest word's range is the narrowest; the other words are checked on each row.
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');

  const [tags, names] = await Promise.all([
    tagPrefix ? readRange(deps, 'tag', tagPrefix) : { rows: [], capped: false },
    longest ? readRange(deps, 'name', longest) : { rows: [], capped: false },
  ]);

  const found = new Map<string, MemberSummary>();
  const add = (row: PersonRow) => {
    const id = row.id.slice('user:'.length);
    if (found.has(id)) return;
    found.set(id, {
      id,
      tagname: row.value.tagname,
      full_name: row.value.full_name,
      avatar: avatarUrl(id, row.value.avatar),
      role: row.value.role,
    });
  };
  for (const row of tags.rows) add(row);
  for (const row of names.rows) {
    const own = nameWords(row.value.full_name);
    if (words.every((word) => own.some((w) => w.startsWith(word)))) add(row);
  }

  const people = [...found.values()].sort(
    (a, b) =>
      rank(a, tagPrefix) - rank(b, tagPrefix) ||
      a.full_name.localeCompare(b.full_name) ||
      (a.tagname ?? '').localeCompare(b.tagname ?? ''),
  );
  const { page, per_page } = query;
  return {
    data: people.slice((page - 1) * per_page, page * per_page),
    meta: {
      page,
      per_page,
      total: people.length,
      last_page: Math.max(1, Math.ceil(people.length / per_page)),
      total_capped: tags.capped || names.capped,
    },
  };
}
