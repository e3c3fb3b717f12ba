// The composer's text as a draft (`draft:message:<conversation>`), through the offline core's
// drafts hook: saved in the user's own database as they type (offline too), back when the
// conversation opens again, on their other devices too, and deleted once the message is sent.
import { useEffect, useRef, useState } from 'react';
import { useDraft, type DraftOffer } from '@/lib/local-db-drafts';

const MESSAGE_DRAFT_FORM = 'message';

type Fields = { body: string };

export interface MessageDraft {
  text: string;
  setText: (text: string) => void;
  /** After sending: the text and the stored draft go. */
  clear: () => void;
  /** A draft from another device that arrived while this one has text of its own. */
  offer: DraftOffer<Fields> | null;
  takeOffer: () => void;
  dropOffer: () => void;
}

export function useMessageDraft(key: string | null): MessageDraft {
  const [state, setState] = useState({ key, text: '' });
  const text = state.key === key ? state.text : '';
  const draft = useDraft<Fields>(MESSAGE_DRAFT_FORM, key, { body: text });
  const latest = useRef(draft);
  latest.current = draft;
  const [clears, setClears] = useState(0);
  /** Typed or sent here since the conversation opened: a saved draft is then only offered. */
  const touched = useRef<string | null>(null);
  /** What was sent from here: the draft of a sent message is never offered back. */
  const sent = useRef(new Set<string>());

  const stored = draft.offer;
  const offered = stored && !sent.current.has(stored.fields.body) ? stored : null;
  // The saved draft comes back by itself when the conversation opens.
  useEffect(() => {
    if (!offered || text !== '' || touched.current === key) return;
    const fields = latest.current.resume();
    if (fields && typeof fields.body === 'string') setState({ key, text: fields.body });
  }, [offered, text, key]);

  // After the empty text rendered: it becomes the draft's starting point, and the draft goes.
  useEffect(() => {
    if (clears > 0) latest.current.clear();
  }, [clears]);

  return {
    text,
    setText: (next) => {
      touched.current = key;
      setState({ key, text: next });
    },
    clear: () => {
      touched.current = key;
      sent.current.add(text);
      setState({ key, text: '' });
      setClears((n) => n + 1);
    },
    offer: touched.current === key || text !== '' ? offered : null,
    takeOffer: () => {
      const fields = latest.current.resume();
      if (fields && typeof fields.body === 'string') setState({ key, text: fields.body });
    },
    dropOffer: () => latest.current.discard(),
  };
}
