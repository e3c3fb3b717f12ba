import { useEffect, useState } from 'react';
import type { DocAttachment } from '@wayfarer/api/schemas/userdb-docs';
import type { MessagesStore } from '../api/messages-store';
import { formatSize, isImageType, sniffType } from '../utils/attachments';

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'ready'; url: string; type: string; size: number };

/**
 * A message's attachment from this device's database: an image inline, a PDF as a download
 * link. The file is checked by its first bytes again here and shown only as the type they say,
 * so nothing but an image or a PDF is ever handed to the browser under this site's origin.
 */
export function AttachmentView({
  store,
  docId,
  rev,
  name,
  stub,
}: {
  store: MessagesStore;
  docId: string;
  rev: string | undefined;
  name: string;
  stub: DocAttachment;
}) {
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded } | null>(null);
  const key = `${docId}@${rev ?? ''}/${name}`;

  useEffect(() => {
    let isActive = true;
    let url: string | null = null;
    void (async () => {
      const blob = await store.attachment(docId, name);
      if (!blob) {
        if (isActive) setLoaded({ key, value: { state: 'missing' } });
        return;
      }
      const type = sniffType(new Uint8Array(await blob.slice(0, 12).arrayBuffer()));
      if (!isActive) return;
      if (!type) {
        setLoaded({ key, value: { state: 'missing' } });
        return;
      }
      url = URL.createObjectURL(new Blob([blob], { type }));
      setLoaded({ key, value: { state: 'ready', url, type, size: blob.size } });
    })();
    return () => {
      isActive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [store, docId, name, key]);

  const value: Loaded = loaded?.key === key ? loaded.value : { state: 'loading' };
  if (value.state !== 'ready') {
    return (
      <p className="msg-attachment msg-attachment-pending">
        <span aria-hidden="true">📎</span> {name}
        {stub.length ? ` (${formatSize(stub.length)})` : ''}
        <span className="muted">
          {value.state === 'loading' ? ' · loading…' : ' · not on this device yet'}
        </span>
      </p>
    );
  }
  if (isImageType(value.type)) {
    return (
      <a
        className="msg-image"
        href={value.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open image ${name}`}
      >
        <img src={value.url} alt={name} loading="lazy" />
      </a>
    );
  }
  return (
    <p className="msg-attachment">
      <a href={value.url} download={name}>
        <span aria-hidden="true">📄</span> {name}
      </a>{' '}
      <span className="muted">(PDF, {formatSize(value.size)})</span>
    </p>
  );
}
