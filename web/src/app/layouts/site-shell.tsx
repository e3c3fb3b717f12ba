// The public site's frame, shared by the layouts a route can pick (spec section 2): default
// (navbar and footer), wide (the same, full-width page) and back (a mobile header with a back
// arrow). The spec's back-info layout is the chat layout (chat-layout.tsx, with the inbox).
import { Outlet, useMatches, useNavigate } from 'react-router-dom';
import { mediaUp, useMediaQuery } from '@/components/ui/breakpoints';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';
import { usePageTitle, type RouteHandle } from '../use-document-title';
import { HeaderStatus } from './header-status';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-layout.css';
import { LineIcon } from '@/components/ui/line-icon';

export type SiteLayoutName = 'default' | 'wide' | 'back';

function ArrowLeft() {
  return <LineIcon d="M15 5l-7 7 7 7" size={22} weight={2} />;
}

/** A header with a back arrow (history back, or the route's `backTo` in a fresh tab). */
function BackHeader() {
  const navigate = useNavigate();
  const matches = useMatches();
  const title = usePageTitle();
  const backTo =
    [...matches]
      .reverse()
      .map((match) => (match.handle as RouteHandle | undefined)?.backTo)
      .find(Boolean) ?? buildPath('index');

  const user = useCurrentUser();
  const goBack = () => {
    // The router numbers this tab's history entries; 0 is where the app was opened.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(backTo);
  };

  return (
    <header className="back-header">
      <div className="container back-header-inner">
        <button type="button" className="icon-button" onClick={goBack} aria-label="Back">
          <ArrowLeft />
        </button>
        <p className="back-header-title">{title ?? 'Wayfarer Market'}</p>
        {user && (
          <div className="header-status">
            <HeaderStatus />
          </div>
        )}
      </div>
    </header>
  );
}

export function SiteShell({ layout }: { layout: SiteLayoutName }) {
  const isWide = useMediaQuery(mediaUp('md'));

  return (
    <div className="layout" data-layout={layout}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {layout === 'back' && !isWide ? <BackHeader /> : <SiteHeader />}
      <main
        id="main"
        className={layout === 'wide' ? 'site-main site-main-wide' : 'container site-main'}
        tabIndex={-1}
      >
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
