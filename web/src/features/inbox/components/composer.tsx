import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX } from '@wayfarer/api/schemas/userdb-rules';
import { useMessageDraft } from '../hooks/use-message-draft';
import { checkAttachment, formatSize } from '../utils/attachments';
import { composerKeyAction, isTouchDevice } from '../utils/composer-keys';
import { LineIcon } from '@/components/ui/line-icon';

export interface ComposerAttachment {
  name: string;
  type: string;
  data: Blob;
}

export interface ComposerProps {
  /** Where the draft is kept (the conversation, or `@tagname` before one exists). */
  draftKey: string | null;
  /** Why the composer cannot send now, or null. */
  disabledReason?: string | null;
  onSend: (body: string, attachment: ComposerAttachment | null) => Promise<void>;
}

/** Characters left shown once a message gets this close to the limit. */
const COUNT_FROM = MESSAGE_MAX - 500;

/**
 * Writes a message: Markdown text (see utils/composer-keys.ts for the keys) and at most one
 * attachment. The text is a draft in the user's database until it is sent.
 */
export function Composer({ draftKey, disabledReason = null, onSend }: ComposerProps) {
  const draft = useMessageDraft(draftKey);
  const [attachment, setAttachment] = useState<ComposerAttachment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [isTouch] = useState(isTouchDevice);
  const ids = { text: useId(), error: useId(), count: useId() };

  const text = draft.text;
  const isTooLong = text.length > MESSAGE_MAX;
  const isEmpty = text.trim() === '' && !attachment;
  const canSend = !isEmpty && !isTooLong && !isSending && !disabledReason;

  const send = async () => {
    if (!canSend) {
      if (isTooLong) setError('A message has at most 5,000 characters.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend(text.replace(/\s+$/, ''), attachment);
      draft.clear();
      setAttachment(null);
    } catch (sendError) {
      setError(
        sendError instanceof Error && sendError.message
          ? sendError.message
          : 'The message could not be saved on this device. Please try again.',
      );
    } finally {
      setSending(false);
      textRef.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction(
      {
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        isComposing: event.nativeEvent.isComposing,
      },
      isTouch,
    );
    if (action !== 'send') return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onFile = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const check = await checkAttachment(file);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    setAttachment({ name: check.name, type: check.type, data: file });
  };

  const describedBy = [error ? ids.error : null, text.length >= COUNT_FROM ? ids.count : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form className="composer" onSubmit={onSubmit} aria-label="Write a message">
      {disabledReason && <p className="composer-note">{disabledReason}</p>}
      {attachment && (
        <p className="composer-attachment">
          <span aria-hidden="true">📎</span> {attachment.name}{' '}
          <span className="muted">({formatSize(attachment.data.size)})</span>
          <button
            type="button"
            className="text-button"
            onClick={() => setAttachment(null)}
            aria-label={`Remove ${attachment.name}`}
          >
            Remove
          </button>
        </p>
      )}
      {draft.offer && (
        <p className="composer-note">
          A draft of this message from{' '}
          {draft.offer.isFromOtherDevice ? 'another device' : 'earlier'} is saved.{' '}
          <button type="button" className="text-button" onClick={draft.takeOffer}>
            Use it
          </button>{' '}
          <button type="button" className="text-button" onClick={draft.dropOffer}>
            Discard it
          </button>
        </p>
      )}
      {error && (
        <p id={ids.error} className="composer-error" role="alert">
          {error}
        </p>
      )}
      <div className="composer-row">
        <input
          ref={fileRef}
          id={`${ids.text}-file`}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/webp,application/pdf"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <button
          type="button"
          className="chat-icon-button composer-attach"
          aria-label="Attach an image or PDF"
          title="Attach an image or PDF (10 MB at most)"
          onClick={() => fileRef.current?.click()}
          disabled={!!disabledReason}
        >
          <LineIcon d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9" />
        </button>
        <label htmlFor={ids.text} className="visually-hidden">
          Message
        </label>
        <textarea
          ref={textRef}
          id={ids.text}
          className="composer-input"
          rows={1}
          placeholder="Write a message"
          value={text}
          enterKeyHint={isTouch ? 'enter' : 'send'}
          aria-invalid={isTooLong || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            draft.setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button composer-send" aria-disabled={!canSend}>
          Send
        </button>
      </div>
      {text.length >= COUNT_FROM && (
        <p
          id={ids.count}
          className={isTooLong ? 'composer-count composer-error' : 'composer-count'}
        >
          {isTooLong
            ? `${(text.length - MESSAGE_MAX).toLocaleString('en')} characters over the 5,000 limit`
            : `${(MESSAGE_MAX - text.length).toLocaleString('en')} characters left`}
        </p>
      )}
    </form>
  );
}
