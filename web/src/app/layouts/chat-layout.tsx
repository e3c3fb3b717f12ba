// The spec's chat layout (the "back" layout): a mobile-style header with a back button (history
// back), the title or the logo, the member's status items (as in every layout: sync state,
// favourites, messages with the unread conversations, bell) and the "How to Chat" info modal; the
// page fills the rest of the screen, with no footer.
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HowToChatButton } from '@/features/inbox/components/how-to-chat';
import { navigationStore } from '@/stores/navigation';
import { buildPath } from '@/config/paths';
import { HeaderStatus } from './header-status';
import './chat-layout.css';
import { LineIcon } from '@/components/ui/line-icon';

/** React Router numbers the entries of this tab's history: 0 is where the app was opened. */
function hasHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function Component() {
  const { title } = useSnapshot(navigationStore);
  const navigate = useNavigate();
  // Opened from a link elsewhere (a notification, a mail): back goes to the inbox instead.
  const back = () => void (hasHistory() ? navigate(-1) : navigate(buildPath('inbox')));

  return (
    <div className="chat-layout">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="chat-header">
        <div className="chat-header-inner">
          <button type="button" className="chat-icon-button" aria-label="Back" onClick={back}>
            <LineIcon d="M15 5l-7 7 7 7" size={22} weight={2} />
          </button>
          {title ? (
            <h1 className="chat-title">{title}</h1>
          ) : (
            <Link to={buildPath('index')} className="brand chat-logo">
              Wayfarer Market
            </Link>
          )}
          <div className="header-status">
            <HeaderStatus />
          </div>
          <HowToChatButton />
        </div>
      </header>
      <main id="main" className="chat-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
