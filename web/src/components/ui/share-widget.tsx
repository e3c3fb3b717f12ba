import { useEffect, useRef, type MouseEvent } from 'react';
import { notify, notifyError } from '@/stores/notification';
import { Dropdown } from './dropdown';
import {
  SHARE_LABELS,
  SHARE_NETWORKS,
  SHARE_POPUP,
  opensInPopup,
  popupFeatures,
  shareUrl,
  type ShareInput,
  type ShareNetwork,
} from './share-networks';
import { LineIcon } from './line-icon';

export interface ShareWidgetProps extends ShareInput {
  /** Which networks to offer, in order; all of the spec's by default. */
  networks?: readonly ShareNetwork[];
  onOpen?: (network: ShareNetwork) => void;
  /** The network's popup window was closed (checked every 500 ms). */
  onClose?: (network: ShareNetwork) => void;
}

/**
 * "Share" with the spec's networks (section 9). Web networks open in a 626×436 popup centred on
 * the window, watched every 500 ms until it closes; mail, SMS and Viber open the device's app.
 * Each entry is a real link, so it still works opened in a new tab.
 */
export function ShareWidget({
  networks = SHARE_NETWORKS,
  onOpen,
  onClose,
  ...input
}: ShareWidgetProps) {
  const watchers = useRef(new Set<ReturnType<typeof setInterval>>());
  useEffect(() => {
    const active = watchers.current;
    return () => {
      for (const id of active) clearInterval(id);
      active.clear();
    };
  }, []);

  const openPopup = (
    event: MouseEvent<HTMLAnchorElement>,
    network: ShareNetwork,
    close: () => void,
  ) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const popup = window.open(
      'about:blank',
      `share-${network}`,
      popupFeatures({
        left: window.screenLeft ?? window.screenX,
        top: window.screenTop ?? window.screenY,
        width: window.outerWidth || window.innerWidth,
        height: window.outerHeight || window.innerHeight,
      }),
    );
    close();
    if (!popup) {
      // A popup blocker: the same page in a tab instead.
      window.open(shareUrl(network, input), '_blank', 'noopener');
      return;
    }
    // The shared site must not reach back into this page.
    popup.opener = null;
    popup.location.href = shareUrl(network, input);
    onOpen?.(network);
    const watcher = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(watcher);
      watchers.current.delete(watcher);
      onClose?.(network);
    }, SHARE_POPUP.closedCheckMs);
    watchers.current.add(watcher);
  };

  const copyLink = async (close: () => void) => {
    close();
    try {
      await navigator.clipboard.writeText(input.url);
      notify('Link copied.');
    } catch {
      notifyError('Could not copy the link. Copy it from the address bar instead.');
    }
  };

  return (
    <Dropdown
      label={
        <>
          <LineIcon
            d="M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4"
            size={18}
            roundJoins={false}
          />
          Share
        </>
      }
      buttonClassName="button button-secondary share-toggle"
      align="start"
    >
      {(close) => (
        <div className="share-panel">
          <p className="dropdown-heading">
            <strong>Share this page</strong>
          </p>
          <ul className="share-list">
            {networks.map((network) => (
              <li key={network}>
                {opensInPopup(network) ? (
                  <a
                    href={shareUrl(network, input)}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-network={network}
                    onClick={(event) => openPopup(event, network, close)}
                  >
                    {SHARE_LABELS[network]}
                  </a>
                ) : (
                  <a href={shareUrl(network, input)} data-network={network} onClick={close}>
                    {SHARE_LABELS[network]}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="share-copy" onClick={() => void copyLink(close)}>
            Copy link
          </button>
        </div>
      )}
    </Dropdown>
  );
}
