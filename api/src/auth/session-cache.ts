import type { SessionDoc } from './sessions';
import type { UserDoc } from '../routes/users/users.model';

/**
 * Replication makes a few requests per batch, each authenticated. For sync traffic only, a
 * session found valid is trusted for SYNC_SESSION_TTL_MS without another database read.
 * Revocations made by this process (logout, password change, suspension, deletion) clear it at
 * once; one made by another API instance takes effect here within the TTL. Every other
 * endpoint checks the session on each request.
 */
export const SYNC_SESSION_TTL_MS = 5_000;

interface Entry {
  user: UserDoc;
  session: SessionDoc;
  until: number;
}

const entries = new Map<string, Entry>();
const MAX_ENTRIES = 10_000;

export const sessionCache = {
  get(sessionId: string): Entry | undefined {
    const entry = entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      entries.delete(sessionId);
      return undefined;
    }
    return entry;
  },
  set(sessionId: string, user: UserDoc, session: SessionDoc) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(sessionId, { user, session, until: Date.now() + SYNC_SESSION_TTL_MS });
  },
  invalidateSession(sessionId: string) {
    entries.delete(sessionId);
  },
  invalidateUser(userId: string) {
    for (const [id, entry] of entries) if (entry.user.id === userId) entries.delete(id);
  },
};
