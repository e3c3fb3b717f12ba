import { AppError } from '../lib/errors';
import type { UserDoc } from '../routes/users/users.model';
import { SessionCache } from './session-cache';
import { judgeSession, type SessionDoc } from './sessions';

/** What a gateway request was allowed on: the session and user as read when it was checked. */
export interface StreamOwner {
  sessionId: string;
  session: SessionDoc;
  user: UserDoc;
}

interface OpenStream extends StreamOwner {
  close(reason: AppError): void;
}

/** How long changes are remembered for requests whose session check was still in flight. */
const CHANGE_MEMORY_MS = 60_000;
const MAX_REMEMBERED_CHANGES = 50_000;

/**
 * What one API instance holds for signed-in sessions: the sync session cache and the gateway
 * requests it has open (continuous and long-poll feeds above all), by session and by user.
 * Every change to a session or user document this instance learns of (its own writes at once,
 * other instances' through the wf_users follower) goes through sessionChanged / userChanged:
 * cached copies are dropped and the open requests the change ends are closed.
 *
 * A request checked just before a change but registered just after it would miss the closing:
 * so every change is numbered (`mark()`), a request carries the mark taken before its session
 * was read, and `changedSince` tells the gateway to read the session again before it opens.
 *
 * One per API instance (AppDeps): two instances in one process share nothing.
 */
export class LiveSessions {
  readonly cache = new SessionCache();
  private readonly bySession = new Map<string, Set<OpenStream>>();
  private readonly byUser = new Map<string, Set<OpenStream>>();
  private generation = 0;
  /** `user:<id>` / `session:<id>` → the generation of its last change, oldest first. */
  private readonly changes = new Map<string, { generation: number; at: number }>();
  private forgottenThrough = 0;

  /** The current change number: take it before reading a session. */
  mark(): number {
    return this.generation;
  }

  /** Whether the user or the session may have changed since `mark` (then read them again). */
  changedSince(mark: number, userId: string, sessionId: string): boolean {
    this.forget();
    if (mark < this.forgottenThrough) return true;
    return (
      (this.changes.get(`user:${userId}`)?.generation ?? 0) > mark ||
      (this.changes.get(`session:${sessionId}`)?.generation ?? 0) > mark
    );
  }

  /**
   * These users' and sessions' documents changed (contents not read yet): their cached copies
   * are dropped, and a request whose session was read before now reads it again.
   */
  touched(userIds: string[], sessionIds: string[]) {
    for (const id of userIds) {
      this.note(`user:${id}`);
      this.cache.invalidateUser(id);
    }
    for (const id of sessionIds) {
      this.note(`session:${id}`);
      this.cache.invalidateSession(id);
    }
  }

  /**
   * A user document as now stored (null: deleted). Drops the user's cached sessions and closes
   * the requests it ends: deleted, suspended, another role, or "signed out everywhere".
   */
  userChanged(userId: string, doc: UserDoc | null) {
    this.touched([userId], []);
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      const check = judgeSession(stream.session, doc ?? undefined);
      if (!check.ok) stream.close(new AppError(401, check.message));
      else if (doc!.role !== stream.user.role)
        stream.close(new AppError(401, 'Your account type changed. Please log in again.'));
      else stream.user = doc!;
    }
  }

  /** A session document as now stored (null: deleted). Closes its requests if it ended. */
  sessionChanged(sessionId: string, doc: SessionDoc | null) {
    this.touched([], [sessionId]);
    for (const stream of [...(this.bySession.get(sessionId) ?? [])]) {
      const check = judgeSession(doc ?? undefined, stream.user);
      if (!check.ok) stream.close(new AppError(401, check.message));
      else stream.session = doc!;
    }
  }

  /** Whether this instance has requests open for the user or the session. */
  holdsUser(userId: string): boolean {
    return this.byUser.has(userId);
  }
  holdsSession(sessionId: string): boolean {
    return this.bySession.has(sessionId);
  }

  /** Open requests (all, or of one user). */
  openCount(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let count = 0;
    for (const set of this.bySession.values()) count += set.size;
    return count;
  }

  /**
   * Registers an open request; `close` is called (once) when a change ends its session.
   * Returns the function that unregisters it (call it when the request ends, however).
   */
  open(owner: StreamOwner, close: (reason: AppError) => void): () => void {
    let closed = false;
    const stream: OpenStream = {
      ...owner,
      close: (reason) => {
        if (closed) return;
        release();
        close(reason);
      },
    };
    const add = (map: Map<string, Set<OpenStream>>, key: string) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(stream);
    };
    const remove = (map: Map<string, Set<OpenStream>>, key: string) => {
      const set = map.get(key);
      set?.delete(stream);
      if (set?.size === 0) map.delete(key);
    };
    const release = () => {
      if (closed) return;
      closed = true;
      remove(this.bySession, owner.sessionId);
      remove(this.byUser, owner.user.id);
    };
    add(this.bySession, owner.sessionId);
    add(this.byUser, owner.user.id);
    return release;
  }

  /** Closes every open request (shutdown). */
  closeAll(reason: AppError) {
    for (const set of [...this.bySession.values()])
      for (const stream of [...set]) stream.close(reason);
  }

  private note(key: string) {
    this.generation += 1;
    this.changes.delete(key);
    this.changes.set(key, { generation: this.generation, at: Date.now() });
    this.forget();
  }

  private forget() {
    const before = Date.now() - CHANGE_MEMORY_MS;
    for (const [key, change] of this.changes) {
      if (change.at >= before && this.changes.size <= MAX_REMEMBERED_CHANGES) break;
      this.changes.delete(key);
      this.forgottenThrough = change.generation;
    }
  }
}
