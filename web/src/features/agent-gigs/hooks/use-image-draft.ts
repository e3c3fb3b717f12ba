// The images picked for a gig before it is saved: attachments of a draft document of their own
// (`draft:gig-images:<key>`) in the user's database, so they survive a reload offline and sync
// to the agent's other devices like the form's text draft; uploaded at publish, then removed.
// They are not in the text draft itself: the form's autosave rewrites that document as a whole.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DraftDoc } from '@wayfarer/api/schemas/userdb-docs';
import { draftId } from '@wayfarer/api/schemas/userdb-rules';
import { nowIso } from '@/lib/local-db-docs';
import { deviceId } from '@/lib/local-db-drafts';
import { upsertLocalDoc, useLocalDb, useLocalDoc } from '@/lib/local-db';
import type { ImageType } from '@/lib/image-files';

const IMAGE_DRAFT_FORM = 'gig-images';

interface ImageMeta {
  /** The attachment's name: `img-<random>`. */
  name: string;
  type: ImageType;
  size: number;
  file_name: string;
}

interface ImageDraftDoc extends DraftDoc {
  fields: { images: ImageMeta[] };
  _attachments?: Record<
    string,
    { content_type: string; data?: Blob; stub?: boolean; digest?: string }
  >;
}

export interface DraftImage extends ImageMeta {
  /** An object URL for the preview (null while it loads). */
  url: string | null;
}

export interface ImageDraft {
  /** null while the database opens. */
  images: DraftImage[] | null;
  add: (files: { blob: Blob; type: ImageType; fileName: string }[]) => Promise<void>;
  remove: (name: string) => Promise<void>;
  clear: () => Promise<void>;
  /** The picked image's bytes, for the upload. */
  blobOf: (name: string) => Promise<Blob>;
}

const randomName = () => `img-${crypto.randomUUID().slice(0, 8)}`;

export function useImageDraft(key: string | null): ImageDraft {
  const id = key ? draftId(IMAGE_DRAFT_FORM, key) : null;
  const engine = useLocalDb();
  const doc = useLocalDoc<ImageDraftDoc>(id);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const made = useRef(new Map<string, string>());

  // Object URLs per attachment digest: made once, revoked when the image is gone.
  const wanted = useMemo(() => {
    const list = doc?.fields?.images ?? [];
    return list.map((image) => ({
      name: image.name,
      digest: doc?._attachments?.[image.name]?.digest ?? image.name,
    }));
  }, [doc]);
  useEffect(() => {
    if (!engine || !id) return;
    let isActive = true;
    const keep = new Set(wanted.map((w) => w.digest));
    for (const [digest, url] of made.current) {
      if (!keep.has(digest)) {
        URL.revokeObjectURL(url);
        made.current.delete(digest);
      }
    }
    void Promise.all(
      wanted.map(async ({ name, digest }) => {
        let url = made.current.get(digest);
        if (!url) {
          const blob = (await engine.db.getAttachment(id, name).catch(() => null)) as Blob | null;
          if (!blob || !isActive) return [name, null] as const;
          url = URL.createObjectURL(blob);
          made.current.set(digest, url);
        }
        return [name, url] as const;
      }),
    ).then((pairs) => {
      if (!isActive) return;
      setUrls(
        Object.fromEntries(pairs.filter(([, url]) => url !== null)) as Record<string, string>,
      );
    });
    return () => {
      isActive = false;
    };
  }, [engine, id, wanted]);
  useEffect(
    () => () => {
      for (const url of made.current.values()) URL.revokeObjectURL(url);
      made.current.clear();
    },
    [],
  );

  const images =
    id === null
      ? []
      : doc === undefined
        ? null
        : (doc?.fields?.images ?? []).map((image) => ({ ...image, url: urls[image.name] ?? null }));

  return {
    images,
    add: async (files) => {
      if (!id || !key || files.length === 0) return;
      await upsertLocalDoc<ImageDraftDoc>(id, (existing) => {
        const metas = files.map((file) => ({
          name: randomName(),
          type: file.type,
          size: file.blob.size,
          file_name: file.fileName.slice(0, 120),
          blob: file.blob,
        }));
        return {
          _id: id,
          type: 'draft',
          form: IMAGE_DRAFT_FORM,
          key,
          fields: {
            images: [
              ...(existing?.fields?.images ?? []),
              ...metas.map(({ blob: _blob, ...meta }) => meta),
            ],
          },
          updated_at: nowIso(),
          device: deviceId(),
          _attachments: {
            ...(existing?._attachments ?? {}),
            ...Object.fromEntries(
              metas.map((meta) => [meta.name, { content_type: meta.type, data: meta.blob }]),
            ),
          },
        };
      });
    },
    remove: async (name) => {
      if (!id) return;
      await upsertLocalDoc<ImageDraftDoc>(id, (existing) => {
        if (!existing) return undefined;
        const images = (existing.fields?.images ?? []).filter((image) => image.name !== name);
        if (images.length === 0) return null;
        const attachments = { ...(existing._attachments ?? {}) };
        delete attachments[name];
        return {
          ...existing,
          fields: { images },
          updated_at: nowIso(),
          _attachments: attachments,
        };
      });
    },
    clear: async () => {
      if (!id) return;
      await upsertLocalDoc<ImageDraftDoc>(id, () => null);
    },
    blobOf: async (name) => {
      if (!engine || !id) throw new Error('The saved images are not open yet.');
      return (await engine.db.getAttachment(id, name)) as Blob;
    },
  };
}
