import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import {
  deleteGig,
  getAgentStats,
  listMyGigs,
  setGigStatus,
  type AgentStats,
  type Gig,
  type GigStatus,
} from '../api/gigs';
import { useGigImage } from '../hooks/use-gig-image';
import { useResource } from '@/lib/use-resource';
import { formatMoney } from '@/lib/money';
import { plural } from '@/lib/format';
import { formatRating } from '../utils/format';
import './agent-gigs.css';

const TABS: { status: GigStatus; label: string; empty: string }[] = [
  { status: 'active', label: 'Active', empty: 'No published gigs.' },
  { status: 'paused', label: 'Paused', empty: 'No paused gigs.' },
  { status: 'draft', label: 'Drafts', empty: 'No drafts.' },
];

export interface ManageGigsProps {
  createHref: string;
  editHref: (id: string) => string;
  gigHref: (id: string) => string;
}

function Thumb({ url }: { url: string | null }) {
  const src = useGigImage(url ?? '');
  if (!url || !src) return <span className="gig-thumb gig-image-placeholder" aria-hidden="true" />;
  return <img className="gig-thumb" src={src} alt="" />;
}

type Figures = AgentStats['gigs'][number];

/**
 * Manage Gig: the agent's gigs by status with their views, saves, orders and rating, and edit,
 * pause or resume, publish and delete (after a confirmation; the server's refusal is shown).
 */
export function ManageGigs({ createHref, editHref, gigHref }: ManageGigsProps) {
  const { resource: state, reload } = useResource('agent-gigs', (signal) =>
    Promise.all([listMyGigs({ signal }), getAgentStats({ signal })]),
  );
  const [tab, setTab] = useState<GigStatus>('active');
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Gig | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (state.status === 'loading' && state.data === undefined) {
    return (
      <p className="muted" role="status">
        Loading your gigs…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">{state.error.message}</p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  // Ready, or loading again after an action, with the list kept on screen meanwhile.
  const [gigs, stats] = state.data!;
  const figures = new Map<string, Figures>(stats.gigs.map((g) => [g.id, g]));
  const shown = gigs.filter((gig) => gig.status === tab);
  const current = TABS.find((t) => t.status === tab)!;

  const changeStatus = async (gig: Gig, status: GigStatus) => {
    setWorking(gig.id);
    setMessage(null);
    try {
      await setGigStatus(gig.id, status);
      setMessage({
        kind: 'ok',
        text:
          status === 'paused'
            ? `“${gig.title}” is paused: it no longer shows in search.`
            : `“${gig.title}” is published.`,
      });
      reload();
    } catch (error) {
      const text =
        error instanceof ApiError && Object.keys(error.errors).length
          ? `“${gig.title}” cannot be published yet: ${Object.values(error.errors).flat().join(' ')} Edit it to fix this.`
          : error instanceof Error
            ? error.message
            : 'The gig could not be changed.';
      setMessage({ kind: 'error', text });
    } finally {
      setWorking(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete || working) return;
    setWorking(toDelete.id);
    setDeleteError(null);
    try {
      await deleteGig(toDelete.id);
      setMessage({ kind: 'ok', text: `“${toDelete.title}” was deleted.` });
      setToDelete(null);
      reload();
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : 'The gig could not be deleted.');
    } finally {
      setWorking(null);
    }
  };

  return (
    <div className="manage-gigs">
      {message && (
        <p
          className={message.kind === 'ok' ? 'alert alert-success' : 'alert alert-error'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
      {gigs.length === 0 ? (
        <section className="card">
          <h2>No gigs yet</h2>
          <p>
            Create your first gig: describe what you offer, set up to three packages and publish it.{' '}
            <Link to={createHref}>Create a Gig</Link>
          </p>
        </section>
      ) : (
        <>
          <div role="tablist" aria-label="Gigs by status" className="gig-tabs-bar">
            {TABS.map((t) => {
              const n = gigs.filter((g) => g.status === t.status).length;
              return (
                <button
                  key={t.status}
                  type="button"
                  role="tab"
                  id={`gigs-tab-${t.status}`}
                  aria-selected={tab === t.status}
                  aria-controls="gigs-panel"
                  tabIndex={tab === t.status ? 0 : -1}
                  onClick={() => setTab(t.status)}
                  onKeyDown={(event) => {
                    const index = TABS.findIndex((x) => x.status === tab);
                    const step =
                      event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                    if (!step) return;
                    const nextTab = TABS[(index + step + TABS.length) % TABS.length]!;
                    setTab(nextTab.status);
                    document.getElementById(`gigs-tab-${nextTab.status}`)?.focus();
                  }}
                >
                  {t.label} ({n})
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id="gigs-panel" aria-labelledby={`gigs-tab-${tab}`}>
            {shown.length === 0 ? (
              <p className="muted">{current.empty}</p>
            ) : (
              <ul className="manage-gig-rows">
                {shown.map((gig) => {
                  const f = figures.get(gig.id);
                  const isBusy = working === gig.id;
                  return (
                    <li key={gig.id} className="card manage-gig-row" data-gig-id={gig.id}>
                      <Thumb url={gig.image} />
                      <div className="manage-gig-main">
                        <h3>
                          {gig.status === 'active' ? (
                            <Link to={gigHref(gig.id)}>{gig.title}</Link>
                          ) : (
                            gig.title
                          )}
                        </h3>
                        <p className="muted">
                          {gig.packages.length
                            ? `From ${formatMoney(gig.starting_price)} · ${plural(gig.packages.length, 'package')}`
                            : 'No packages yet'}
                        </p>
                        <ul className="gig-figures" aria-label="Figures">
                          <li>{plural(f?.views_total ?? 0, 'view')}</li>
                          <li>{plural(f?.saves_total ?? 0, 'save')}</li>
                          <li>{plural(f?.orders ?? 0, 'order')}</li>
                          <li>{formatRating(gig.rating)}</li>
                        </ul>
                      </div>
                      <div className="manage-gig-actions">
                        <Link className="button button-secondary" to={editHref(gig.id)}>
                          Edit<span className="visually-hidden"> “{gig.title}”</span>
                        </Link>
                        {gig.status === 'active' && (
                          <button
                            type="button"
                            className="button button-secondary"
                            aria-disabled={isBusy || undefined}
                            onClick={() => !isBusy && void changeStatus(gig, 'paused')}
                          >
                            Pause<span className="visually-hidden"> “{gig.title}”</span>
                          </button>
                        )}
                        {gig.status !== 'active' && (
                          <button
                            type="button"
                            className="button button-secondary"
                            aria-disabled={isBusy || undefined}
                            onClick={() => !isBusy && void changeStatus(gig, 'active')}
                          >
                            {gig.status === 'paused' ? 'Resume' : 'Publish'}
                            <span className="visually-hidden"> “{gig.title}”</span>
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button-ghost"
                          onClick={() => {
                            setDeleteError(null);
                            setToDelete(gig);
                          }}
                        >
                          Delete<span className="visually-hidden"> “{gig.title}”</span>
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </>
      )}
      <Modal
        isOpen={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete this gig?"
        actions={
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setToDelete(null)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-disabled={working !== null || undefined}
              onClick={() => void confirmDelete()}
            >
              {working ? 'Deleting…' : 'Delete gig'}
            </button>
          </>
        }
      >
        <p>
          “{toDelete?.title}” and its images will be deleted for good. To take it out of search for
          a while, pause it instead.
        </p>
        {deleteError && (
          <p className="alert alert-error" role="alert">
            {deleteError}
          </p>
        )}
      </Modal>
    </div>
  );
}
