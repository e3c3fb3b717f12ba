import { Link, useSearchParams } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { LoadError, Loading } from '@/components/ui/load-state';
import { Pagination } from '@/components/ui/pagination';
import { buildPath } from '@/config/paths';
import { useResource } from '@/lib/use-resource';
import { getLeaderboard, type LeaderboardEntry } from '../api/leaderboard';
import './leaderboard.css';

interface Expertise {
  id: string;
  name: string;
}

export interface LeaderboardPageProps {
  /** The service categories: one tab each. `loading` and `error` while they are not there. */
  expertise: readonly Expertise[] | 'loading' | 'error';
  /** The signed-in viewer (their row is highlighted), or null for a guest. */
  viewer: { tagname: string | null } | null;
}

const pointsText = (points: number) => `${points.toLocaleString('en-US')} Points`;

function Row({ entry, isMe }: { entry: LeaderboardEntry; isMe: boolean }) {
  const { user } = entry;
  return (
    <li
      className="leaderboard-row"
      data-testid="leaderboard-row"
      data-me={isMe || undefined}
      aria-current={isMe ? 'true' : undefined}
    >
      <span className="leaderboard-rank" data-rank={entry.rank}>
        <span className="visually-hidden">Rank </span>
        {entry.rank}
      </span>
      <Avatar name={user.full_name} src={user.avatar} size={40} />
      <span className="leaderboard-who">
        <strong>
          {user.full_name}
          {isMe && <span className="badge leaderboard-you">You</span>}
        </strong>
        {user.tagname && (
          <Link to={buildPath('user.info', { tagname: user.tagname })}>@{user.tagname}</Link>
        )}
      </span>
      <span className="leaderboard-points">{pointsText(entry.points)}</span>
    </li>
  );
}

/**
 * /leaderboard: a tab per expertise (service), members ranked by points a page at a time, the
 * viewer's own place pinned above the list. The expertise and page live in the URL.
 */
export function LeaderboardPage({ expertise, viewer }: LeaderboardPageProps) {
  const [params] = useSearchParams();
  const list = Array.isArray(expertise) ? (expertise as readonly Expertise[]) : [];
  const asked = params.get('expertise');
  const current = list.find((e) => e.id === asked) ?? list[0] ?? null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { resource, reload } = useResource(
    current ? JSON.stringify([current.id, page]) : null,
    (signal) => getLeaderboard({ expertise: current?.id ?? null, page }, { signal }),
  );
  const data = resource.status === 'ready' ? resource.data : null;
  const hrefFor = (id: string, n = 1) =>
    buildPath(
      'leaderboard',
      undefined,
      n > 1 ? { expertise: id, page: String(n) } : { expertise: id },
    );

  return (
    <section className="leaderboard" aria-labelledby="leaderboard-title">
      <div className="page-heading">
        <div>
          <h1 id="leaderboard-title">Leaderboard</h1>
          <p className="muted">
            Points per expertise, earned from lecturers’ project reviews and completed orders.
          </p>
        </div>
      </div>
      {expertise === 'error' ? (
        <div className="alert alert-error" role="alert">
          The expertise list could not be loaded. Check your connection and reload the page.
        </div>
      ) : expertise === 'loading' ? (
        <Loading what="the leaderboard" />
      ) : !current ? (
        <p className="muted">There is no expertise to rank yet.</p>
      ) : (
        <>
          <nav className="leaderboard-tabs" aria-label="Expertise">
            <ul>
              {list.map((e) => (
                <li key={e.id}>
                  <Link to={hrefFor(e.id)} aria-current={e.id === current.id ? 'page' : undefined}>
                    {e.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <h2 className="leaderboard-heading">{current.name}</h2>
          {viewer && data && (
            <p className="card leaderboard-me" data-testid="leaderboard-me" role="status">
              {data.meta.me ? (
                <>
                  Your rank in {current.name}: <strong>#{data.meta.me.rank}</strong> with{' '}
                  <strong>{pointsText(data.meta.me.points)}</strong>
                </>
              ) : (
                <>
                  You have 0 Points in {current.name}, so you are not ranked here yet. Points come
                  from project reviews and completed orders.
                </>
              )}
            </p>
          )}
          {resource.status === 'error' ? (
            <LoadError error={resource.error} onRetry={reload} />
          ) : !data ? (
            <Loading what="the ranks" />
          ) : data.data.length === 0 ? (
            <div className="card empty-card">
              <h3>No one has points in {current.name} yet</h3>
              <p>Members appear here once a review or a completed order earns them points.</p>
            </div>
          ) : (
            <>
              <ol className="leaderboard-list" aria-label={`Ranks in ${current.name}`}>
                {data.data.map((entry) => (
                  <Row
                    key={`${entry.rank}-${entry.user.tagname ?? entry.user.full_name}`}
                    entry={entry}
                    isMe={!!viewer?.tagname && entry.user.tagname === viewer.tagname}
                  />
                ))}
              </ol>
              <Pagination
                page={data.meta.page}
                lastPage={data.meta.last_page}
                hrefFor={(n) => hrefFor(current.id, n)}
                label="Pages of the leaderboard"
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
