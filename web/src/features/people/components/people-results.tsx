import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { useResource } from '@/lib/use-resource';
import { searchPeople } from '../api/people';
import './people.css';

/** People shown a page. */
const PEOPLE_PER_PAGE = 6;

export interface PeopleResultsProps {
  /** The search, as typed (a name, or a tagname with or without `@`). */
  q: string;
  /** A member's public profile. */
  profileHref: (tagname: string) => string;
}

/**
 * The People group of the search results (the header search's `/explore?q=`): members whose
 * tagname starts with the search or whose name has its words, each linking to their profile,
 * a few a page.
 */
export function PeopleResults({ q, profileHref }: PeopleResultsProps) {
  const headingId = useId();
  const [paged, setPaged] = useState({ q, page: 1 });
  // A new search starts again at its first page.
  const page = paged.q === q ? paged.page : 1;
  const { resource, reload } = useResource(`people:${page}:${q}`, (signal) =>
    searchPeople(q, page, PEOPLE_PER_PAGE, { signal }),
  );
  const list = resource.status === 'ready' ? resource.data : null;

  return (
    <section className="people-results" aria-labelledby={headingId}>
      <h2 id={headingId} className="people-results-title">
        People
        {list && list.meta.total > 0 && (
          <span className="muted">
            {' '}
            ({list.meta.total}
            {list.meta.total_capped ? '+' : ''})
          </span>
        )}
      </h2>
      {resource.status === 'loading' ? (
        <p className="muted" role="status">
          Searching people…
        </p>
      ) : resource.status === 'error' ? (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">
            {resource.error.isNetworkError
              ? 'Searching people needs a connection: you seem to be offline.'
              : resource.error.message}
          </p>
          <button type="button" className="button button-secondary" onClick={reload}>
            Try again
          </button>
        </div>
      ) : list && list.data.length > 0 ? (
        <>
          <ul className="people-list">
            {list.data.map(({ id, tagname, full_name, avatar, role }) =>
              tagname ? (
                <li key={id}>
                  <Link className="person-card" to={profileHref(tagname)}>
                    <Avatar name={full_name} src={avatar} size={40} />
                    <span className="person-card-text">
                      <span className="person-card-name">{full_name}</span>
                      <span className="muted">
                        @{tagname} · {role}
                      </span>
                    </span>
                  </Link>
                </li>
              ) : null,
            )}
          </ul>
          {list.meta.last_page > 1 && (
            <nav className="people-pages" aria-label="People pages">
              <button
                type="button"
                className="button button-secondary"
                disabled={page <= 1}
                onClick={() => setPaged({ q, page: page - 1 })}
              >
                Previous people
              </button>
              <span className="muted">
                Page {page} of {list.meta.last_page}
              </span>
              <button
                type="button"
                className="button button-secondary"
                disabled={page >= list.meta.last_page}
                onClick={() => setPaged({ q, page: page + 1 })}
              >
                More people
              </button>
            </nav>
          )}
        </>
      ) : (
        <p className="muted">
          No members match “{q}”. Search a tagname (such as @maria) or words of a name.
        </p>
      )}
    </section>
  );
}
