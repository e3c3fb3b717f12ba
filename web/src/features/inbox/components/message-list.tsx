import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { MessagesStore } from '../api/messages-store';
import { buildTimeline, isMine } from '../utils/timeline';
import { MessageItem } from './message-item';

/** Messages shown at first, and added each time the reader scrolls to the top. */
export const PAGE_SIZE = 40;
/** Closer than this to the bottom counts as "at the bottom": new messages scroll into view. */
const STICK_PX = 120;

export interface MessageListProps {
  messages: readonly MessageDoc[];
  store: MessagesStore;
  isOffline: boolean;
  otherName: string;
  onRetry: (message: MessageDoc) => void;
  onDiscard: (message: MessageDoc) => void;
  /** Shown when there are no messages yet. */
  empty?: ReactNode;
}

/**
 * The conversation, newest at the bottom. Shows the latest messages and loads older ones (from
 * this device's database) when the reader scrolls to the top, keeping what is on screen in place.
 */
export function MessageList({
  messages,
  store,
  isOffline,
  otherName,
  onRetry,
  onDiscard,
  empty = null,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(PAGE_SIZE);
  const isAtBottom = useRef(true);
  /** The scroll height before older messages were added above. */
  const heightBeforeOlder = useRef<number | null>(null);
  const lastKey = useRef<string | null>(null);

  const visible = useMemo(() => messages.slice(-shown), [messages, shown]);
  const hasOlder = messages.length > visible.length;
  const timeline = useMemo(() => buildTimeline(visible), [visible]);

  const loadOlder = useCallback(() => {
    if (!hasOlder) return;
    heightBeforeOlder.current = scrollRef.current?.scrollHeight ?? null;
    setShown((count) => count + PAGE_SIZE);
  }, [hasOlder]);

  // Older messages went in above: keep the reader where they were. A new message at the end
  // scrolls into view when the reader was at the bottom or wrote it.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    const last = visible.at(-1);
    const key = last?._id ?? null;
    const isFirst = lastKey.current === null;
    const isNewAndMine = key !== lastKey.current && !!last && isMine(last);
    lastKey.current = key;
    if (isFirst || isAtBottom.current || isNewAndMine) element.scrollTop = element.scrollHeight;
  }, [visible]);

  // Images load after the first layout: stay at the bottom while they do.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const content = element.firstElementChild;
    if (!content) return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  // Reaching the top loads older messages.
  useEffect(() => {
    const root = scrollRef.current;
    const target = topRef.current;
    if (!root || !target || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
  };

  return (
    <div className="chat-scroll" ref={scrollRef} onScroll={onScroll} tabIndex={0}>
      <div className="chat-scroll-content">
        <div ref={topRef} className="chat-older">
          {hasOlder ? (
            <button type="button" className="button button-ghost" onClick={loadOlder}>
              Load older messages
            </button>
          ) : messages.length > 0 ? (
            <p className="muted">This is the beginning of your conversation.</p>
          ) : (
            empty
          )}
        </div>
        <div role="log" aria-label="Messages">
          <ol className="msg-list">
            {timeline.map((item) =>
              item.kind === 'day' ? (
                <li key={item.key} className="msg-day">
                  <span>{item.label}</span>
                </li>
              ) : (
                <MessageItem
                  key={item.key}
                  message={item.message}
                  store={store}
                  isOffline={isOffline}
                  otherName={otherName}
                  onRetry={onRetry}
                  onDiscard={onDiscard}
                />
              ),
            )}
          </ol>
        </div>
      </div>
    </div>
  );
}
