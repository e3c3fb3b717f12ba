// Drafts of long forms (jobs, gigs, projects, profiles): saved in the user's database as they
// type, offline too, synced to their other devices, offered for resume when the form opens (or
// when a draft arrives from another device), and removed once the form is submitted.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftDoc, RecoveredDraft } from '@wayfarer/api/schemas/userdb-docs';
import { draftId, USERDB_LIMITS, USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { MAX_RECOVERED, stableStringify } from './local-db-conflicts';
import { nowIso } from './local-db-docs';
import { upsertLocalDoc, useLocalDoc } from './local-db';

/** How long typing pauses before the draft is saved. */
const DRAFT_SAVE_DELAY_MS = 700;

const DEVICE_KEY = 'wf-device';

/** This browser's random id: tells drafts written here from those of another device. */
export function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return 'this-device';
  }
}

/** A form's values: a plain object of field values. */
export type DraftFields = object;

export interface DraftOffer<F extends DraftFields> {
  fields: F;
  updatedAt: string;
  /** Written on another device (and synced here). */
  isFromOtherDevice: boolean;
}

export interface DraftControl<F extends DraftFields> {
  /** A saved draft the form does not show yet: resume or discard it. Autosave waits meanwhile. */
  offer: DraftOffer<F> | null;
  /** Takes the offered draft: returns its fields for the form to show. */
  resume: () => F | null;
  /** Drops the offered draft (deleted on every device). */
  discard: () => void;
  /** After a successful submit: the draft is deleted and the current values become the start. */
  clear: () => void;
  /** Versions of this draft written apart on other devices (kept by conflict resolution). */
  recovered: RecoveredDraft[];
  /** Takes a recovered version: returns its fields for the form to show. */
  restore: (version: RecoveredDraft) => F;
  /** Drops a recovered version. */
  forget: (version: RecoveredDraft) => void;
  /** When this form's draft was last saved here, ISO 8601. */
  savedAt: string | null;
}

/** Only the fields the form has, with the form's current values where the draft has none. */
function pick<F extends DraftFields>(stored: Record<string, unknown>, current: F): F {
  const values = current as Record<string, unknown>;
  const result: Record<string, unknown> = { ...values };
  for (const key of Object.keys(values)) {
    if (key in stored && typeof stored[key] === typeof values[key]) result[key] = stored[key];
  }
  return result as F;
}

/**
 * Autosaves `fields` as the draft `form`/`key` (null key: no draft, such as a form for someone
 * not signed in). Nothing is saved until the fields differ from what the form opened with.
 */
export function useDraft<F extends DraftFields>(
  form: string,
  key: string | null,
  fields: F,
): DraftControl<F> {
  const id = key
    ? draftId(form.slice(0, USERDB_LIMITS.draftForm), key.slice(0, USERDB_LIMITS.draftKey))
    : null;
  const stored = useLocalDoc<DraftDoc>(id);
  const text = stableStringify(fields);
  /** What the form started with (and, after a submit, what it submitted): never a draft. */
  const baseline = useRef(text);
  /** The content of the last save from here: its echo is not an offer. */
  const lastSaved = useRef<string | null>(null);
  /** Revisions offered and answered (or already shown by the form). */
  const handled = useRef(new Set<string>());
  const latest = useRef({ fields, text, id });
  latest.current = { fields, text, id };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Counts clear() calls: a save started before one is dropped. */
  const cleared = useRef(0);
  /** Content that was submitted (cleared): a late echo of it is never offered. */
  const submitted = useRef(new Set<string>());
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [, rerender] = useState(0);

  const storedText = stored ? stableStringify(pick(stored.fields, fields)) : null;
  const isOffered =
    !!stored &&
    !!stored._rev &&
    !handled.current.has(stored._rev) &&
    !submitted.current.has(stableStringify(stored.fields)) &&
    storedText !== text &&
    storedText !== lastSaved.current;
  const offer: DraftOffer<F> | null =
    isOffered && stored
      ? {
          fields: pick(stored.fields, fields),
          updatedAt: stored.updated_at,
          isFromOtherDevice: !!stored.device && stored.device !== deviceId(),
        }
      : null;

  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const { fields: values, text: valuesText, id: docId } = latest.current;
    if (!docId) return;
    if (valuesText === baseline.current) {
      // Back to where the form started: a draft saved from here is no longer needed.
      if (lastSaved.current === null) return;
      lastSaved.current = null;
      void upsertLocalDoc<DraftDoc>(docId, (existing) =>
        existing && existing.device === deviceId() ? null : undefined,
      ).catch(() => undefined);
      return;
    }
    if (valuesText === lastSaved.current) return;
    const previous = lastSaved.current;
    lastSaved.current = valuesText;
    const [formName = form, ...rest] = docId.slice(USERDB_PREFIX.draft.length).split(':');
    const updatedAt = nowIso();
    const generation = cleared.current;
    void upsertLocalDoc<DraftDoc>(docId, (existing) => {
      // The form was submitted (clear) while this save waited: it must not bring the draft back.
      if (cleared.current !== generation) return undefined;
      let recovered = existing?.recovered ?? [];
      // A stored version this form never showed (written before it opened, or on another
      // device, and not resumed or discarded): typing on does not drop it, it is kept.
      if (
        existing?._rev &&
        !handled.current.has(existing._rev) &&
        stableStringify(existing.fields) !== previous
      ) {
        recovered = [
          {
            rev: existing._rev,
            fields: existing.fields,
            updated_at: existing.updated_at,
            ...(existing.device ? { device: existing.device } : {}),
          },
          ...recovered,
        ].slice(0, MAX_RECOVERED);
        handled.current.add(existing._rev);
      }
      return {
        _id: docId,
        type: 'draft',
        form: formName,
        key: rest.join(':'),
        fields: values as Record<string, unknown>,
        updated_at: updatedAt,
        device: deviceId(),
        ...(recovered.length ? { recovered } : {}),
      };
    })
      .then(() => setSavedAt(updatedAt))
      .catch((error: unknown) => console.warn('The draft could not be saved', error));
  }, [form]);

  // Autosave after a pause in typing. A draft still on offer is not overwritten: typing past
  // the offer keeps it under `recovered` (see save), and until then nothing is written.
  useEffect(() => {
    if (!id || stored === undefined) return;
    if (text === baseline.current && lastSaved.current === null) return;
    if (isOffered && text === baseline.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(save, DRAFT_SAVE_DELAY_MS);
  }, [id, text, isOffered, stored, save]);

  // Leaving the page mid-sentence still saves what was typed.
  useEffect(
    () => () => {
      if (timer.current !== undefined) save();
    },
    [save],
  );

  const forget = (version: RecoveredDraft) => {
    if (!id) return;
    void upsertLocalDoc<DraftDoc>(id, (existing) =>
      existing
        ? {
            ...existing,
            recovered: (existing.recovered ?? []).filter((r) => r.rev !== version.rev),
          }
        : undefined,
    ).catch(() => undefined);
  };

  const answer = () => {
    if (stored?._rev) handled.current.add(stored._rev);
    rerender((n) => n + 1);
  };

  return {
    offer,
    savedAt,
    recovered: stored?.recovered ?? [],
    resume: () => {
      if (!offer) return null;
      answer();
      lastSaved.current = stableStringify(offer.fields);
      return offer.fields;
    },
    discard: () => {
      if (!stored || !id) return;
      answer();
      const rev = stored._rev;
      void upsertLocalDoc<DraftDoc>(id, (existing) =>
        existing && existing._rev === rev ? null : undefined,
      ).catch(() => undefined);
    },
    clear: () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      cleared.current += 1;
      // The stored version is the one just submitted: never offer it while its deletion lands.
      if (stored?._rev) handled.current.add(stored._rev);
      if (lastSaved.current !== null) submitted.current.add(lastSaved.current);
      baseline.current = latest.current.text;
      lastSaved.current = null;
      setSavedAt(null);
      if (id) void upsertLocalDoc<DraftDoc>(id, () => null).catch(() => undefined);
    },
    restore: (version) => {
      forget(version);
      return pick(version.fields, latest.current.fields);
    },
    forget,
  };
}
