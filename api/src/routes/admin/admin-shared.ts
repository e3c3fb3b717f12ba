import type { AppDeps } from '../../context';
import type { ListResponse } from '../../schemas';

/** What the admin area needs of the app: every admin service takes these. */
export type Deps = Pick<
  AppDeps,
  'couch' | 'logger' | 'mailer' | 'jwtSecret' | 'publicUrl' | 'liveSessions'
>;

export const paginate = <T>(items: T[], page: number, perPage: number): ListResponse<T> => ({
  data: items.slice((page - 1) * perPage, page * perPage),
  meta: {
    page,
    per_page: perPage,
    total: items.length,
    last_page: Math.max(1, Math.ceil(items.length / perPage)),
  },
});

export const slugify = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
