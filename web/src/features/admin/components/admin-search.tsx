import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { SearchInput } from '@/components/ui/search-input';
import { listServices } from '../api/services';
import { listUsers } from '../api/users';
import type { AdminService, AdminUserRow } from '../types';
import { plural } from '@/lib/format';

const MAX_RESULTS = 5;

type Results =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | {
      status: 'ready';
      query: string;
      users: AdminUserRow[];
      userTotal: number;
      services: AdminService[];
    }
  | { status: 'error'; query: string };

/** Services whose name or description has `query` (the catalog is small: filtered here). */
function matchServices(services: readonly AdminService[], query: string): AdminService[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return services
    .filter((s) => s.name.toLowerCase().includes(needle) || s.id.includes(needle))
    .slice(0, MAX_RESULTS);
}

/**
 * The admin header's search: users (name, email, tagname) and services, 300 ms after typing.
 * Enter opens the full users list for the text; the arrow keys move through the results.
 */
export function AdminSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const rootRef = useRef<HTMLFormElement>(null);
  // Open "at" a location: following a result (a route change) closes the panel.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === location.key;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results>({ status: 'idle' });

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setResults({ status: 'loading', query });
    // The catalog is a few dozen entries at most: asked each time, so it is never stale.
    Promise.all([
      listUsers({ search: query, per_page: MAX_RESULTS }, { signal: controller.signal }),
      listServices({ signal: controller.signal }),
    ]).then(
      ([users, services]) => {
        if (controller.signal.aborted) return;
        setResults({
          status: 'ready',
          query,
          users: users.data,
          userTotal: users.meta.total,
          services: matchServices(services, query),
        });
      },
      () => {
        if (!controller.signal.aborted) setResults({ status: 'error', query });
      },
    );
    return () => controller.abort();
  }, [query]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [isOpen]);

  const links = () => [
    ...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.search-panel a') ?? []),
  ];
  const focusInput = () => rootRef.current?.querySelector('input')?.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpenAt(null);
      focusInput();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    if (all.length === 0) return;
    event.preventDefault();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    if (index === -1) {
      all[step === 1 ? 0 : all.length - 1]?.focus();
    } else if (index + step < 0) {
      focusInput();
    } else {
      all[Math.min(all.length - 1, index + step)]?.focus();
    }
  };

  const openUsers = (text: string) => {
    const q = text.trim();
    setOpenAt(null);
    void navigate(buildPath('admin.users', undefined, q ? { search: q } : undefined));
  };

  const isShown = isOpen && query !== '';
  const current = results.status !== 'idle' && results.query === query ? results : null;

  return (
    <form
      ref={rootRef}
      role="search"
      className="admin-search"
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
    >
      <SearchInput
        label="Search users and services"
        isLabelHidden
        placeholder="Search users and services"
        autoComplete="off"
        maxLength={100}
        onSearch={(text) => {
          setQuery(text.trim());
          setOpenAt(location.key);
        }}
        onSubmit={openUsers}
        onFocus={() => setOpenAt(location.key)}
      />
      {isShown && (
        <div className="search-panel">
          <p className="search-status" role="status">
            {!current || current.status === 'loading'
              ? 'Searching…'
              : current.status === 'error'
                ? 'The search failed. Try again.'
                : current.userTotal + current.services.length === 0
                  ? `No users or services match “${current.query}”.`
                  : `${plural(current.userTotal, 'user')} and ${plural(current.services.length, 'service')} match.`}
          </p>
          {current?.status === 'ready' && current.users.length > 0 && (
            <div>
              <p className="search-heading" aria-hidden="true">
                Users
              </p>
              <ul aria-label="Users found">
                {current.users.map((user) => (
                  <li key={user.id}>
                    <Link to={buildPath('admin.users.show', { id: user.id })}>
                      <span>{user.full_name}</span>
                      <span className="muted">
                        {user.tagname ? `@${user.tagname}` : user.email}
                      </span>
                    </Link>
                  </li>
                ))}
                {current.userTotal > current.users.length && (
                  <li>
                    <Link to={buildPath('admin.users', undefined, { search: current.query })}>
                      All {current.userTotal} users matching “{current.query}”
                    </Link>
                  </li>
                )}
              </ul>
            </div>
          )}
          {current?.status === 'ready' && current.services.length > 0 && (
            <div>
              <p className="search-heading" aria-hidden="true">
                Services
              </p>
              <ul aria-label="Services found">
                {current.services.map((service) => (
                  <li key={service.id}>
                    <Link to={buildPath('admin.services.edit', { id: service.id })}>
                      <span>{service.name}</span>
                      <span className="muted">{service.status}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </form>
  );
}
