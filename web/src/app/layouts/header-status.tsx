import { lazy, Suspense } from 'react';

// Its own chunk: a guest's page never downloads the bell, the badges, the sync state or the local
// database.
// (This file imports no store on purpose, so the entry's shared chunks stay as they are.)
const HeaderStatusItems = lazy(() => import('./header-status-items'));

/**
 * The signed-in member's live status in every layout's header: the sync state (online, syncing,
 * offline, error, and changes waiting to sync), the favourites (saved gigs) and messages (unread
 * conversations) buttons and the notifications bell, each with its live count. Layouts render it
 * for members only; for anyone else it renders nothing. `inboxInMenu`: the header's menu links
 * to the inbox already (a Lecturer's, spec section 6), so no messages button.
 */
export function HeaderStatus({ inboxInMenu = false }: { inboxInMenu?: boolean }) {
  return (
    <Suspense fallback={null}>
      <HeaderStatusItems inboxInMenu={inboxInMenu} />
    </Suspense>
  );
}
