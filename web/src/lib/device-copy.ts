// The last answer of an online-only API read, kept on this device to show offline: a `_local`
// document of the user's database, which never syncs (each device keeps its own) and goes with
// the database at logout. For pages whose data has no mirror of its own (the party page, the
// project box's live project states); pages with server-written mirrors read those instead.
import { useEffect, useState } from 'react';
import { upsertLocalDoc, withLocalDb } from './local-db';

export interface DeviceCopy<T> {
  data: T;
  /** When this device saved it (ISO). */
  saved_at: string;
}

const docId = (name: string) => `_local/copy-${name}`;

type Stored<T> = DeviceCopy<T> & { _id: string; _rev?: string };

async function readCopy<T>(name: string): Promise<DeviceCopy<T> | null> {
  return withLocalDb(async (db) => {
    const doc = (await db.get(docId(name)).catch(() => null)) as Stored<T> | null;
    return doc ? { data: doc.data, saved_at: doc.saved_at } : null;
  });
}

async function saveCopy<T>(name: string, data: T): Promise<DeviceCopy<T>> {
  const copy = { data, saved_at: new Date().toISOString() };
  await upsertLocalDoc<Stored<T>>(docId(name), () => ({ _id: docId(name), ...copy }));
  return copy;
}

/**
 * This device's copy of `name`: read once, then replaced by every new `data` (the latest API
 * answer; undefined while there is none). undefined while it is read, null when there is none.
 * A device that cannot keep data (no local database) simply has no copy.
 */
export function useDeviceCopy<T>(
  name: string,
  data: T | undefined,
): DeviceCopy<T> | null | undefined {
  const [copy, setCopy] = useState<DeviceCopy<T> | null | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    readCopy<T>(name).then(
      (found) => {
        if (isCurrent) setCopy((now) => (now === undefined ? found : now));
      },
      () => {
        if (isCurrent) setCopy((now) => (now === undefined ? null : now));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [name]);
  useEffect(() => {
    if (data === undefined) return;
    let isCurrent = true;
    saveCopy(name, data).then(
      (saved) => {
        if (isCurrent) setCopy(saved);
      },
      // The page still shows the answer; only the offline copy is behind (or missing).
      (error: unknown) => console.warn(`Keeping the ${name} copy on this device failed`, error),
    );
    return () => {
      isCurrent = false;
    };
  }, [name, data]);
  return copy;
}
