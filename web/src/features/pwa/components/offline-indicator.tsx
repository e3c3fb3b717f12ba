import { useEffect, useRef } from 'react';
import { notify, notifyWarn } from '@/stores/notification';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import { LineIcon } from '@/components/ui/line-icon';

const OFFLINE_MESSAGE = 'You are offline. Pages you have opened before still work.';
const ONLINE_AGAIN_MESSAGE = 'You are back online.';

/**
 * A bar across the top while the device has no network, and a snackbar when that changes
 * (warn when it goes, info when it comes back).
 */
export function OfflineIndicator() {
  const isOnline = useOnlineStatus();
  const previous = useRef(isOnline);

  useEffect(() => {
    if (previous.current === isOnline) return;
    previous.current = isOnline;
    if (isOnline) notify(ONLINE_AGAIN_MESSAGE);
    else notifyWarn(OFFLINE_MESSAGE);
  }, [isOnline]);

  if (isOnline) return null;
  return (
    // Not a live region: the snackbar announces the change; this bar is the lasting sign.
    <div className="offline-bar" data-testid="offline-indicator">
      <LineIcon
        d="M2 8.5a15 15 0 0 1 4.2-2.6M9.5 5.1A15 15 0 0 1 22 8.5M5 12a10 10 0 0 1 3.4-2M12.7 9.5A10 10 0 0 1 19 12M8.5 15.5a5 5 0 0 1 5.4-.8M12 19h.01M3 3l18 18"
        size={16}
        weight={2}
        roundJoins={false}
      />
      <span>Offline: showing saved pages. Changes are sent when you reconnect.</span>
    </div>
  );
}
