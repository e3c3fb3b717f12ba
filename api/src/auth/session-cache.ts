import type { SessionDoc } from './sessions';
import type { UserDoc } from '../routes/users/users.model';

/**
 * Replication makes a few requests per batch, each authenticated. For sync traffic only, a
 * session found valid is trusted for SYNC_SESSION_TTL_MS without another database read.
 * Every change to the session or its user seen by this instance drops the entry at once: its
 * own writes (LiveSessions.userChanged / sessionChanged) and, within about a second, another
 * instance's (the wf_users follower, auth/revocation-follower.ts). The TTL is the backstop while
 * that feed is down. Every other endpoint checks the session on each request.
 *
 * One per API instance (AppDeps.liveSessions.cache): two instances in one process share nothing.
 */
const SYNC_SESSION_TTL_MS = 5_000;

export interface CachedSession {
  user: UserDoc;
  session: SessionDoc;
  /** LiveSessions.mark() taken before the session was read. */
  mark: number;
  until: number;
}

const MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  get(sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  set(sessionId: string, user: UserDoc, session: SessionDoc, mark: number) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, { user, session, mark, until: Date.now() + SYNC_SESSION_TTL_MS });
  }

  invalidateSession(sessionId: string) {
    this.entries.delete(sessionId);
  }

  invalidateUser(userId: string) {
    for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id);
  }

  get size() {
    return this.entries.size;
  }
}
