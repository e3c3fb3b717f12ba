import type { Result, Router } from 'hono/router';

/** Paths longer than this are matched every time rather than kept (made-up paths can be long). */
const MAX_KEPT_PATH = 200;

/**
 * A router that keeps its answers. The same method and path always match the same handlers with
 * the same parameters, so a path seen before is looked up instead of matched again. The API's
 * ~350 routes include paths Hono's RegExpRouter cannot take, so its SmartRouter falls back to the
 * TrieRouter, which walks the tree and sorts the handlers it finds for every request (a few µs, as
 * much as a small cached read's own work). The most recent `limit` paths are kept, so paths with
 * ids in them, or made up, cannot grow the cache without bound. Hono reads an answer, never
 * changes it (its RegExpRouter hands out shared answers for static paths too).
 */
export class MemoRouter<T> implements Router<T> {
  readonly name: string;
  private readonly answers = new Map<string, Result<T>>();

  constructor(
    private readonly router: Router<T>,
    private readonly limit = 1000,
  ) {
    this.name = `MemoRouter + ${router.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.answers.clear();
    this.router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_KEPT_PATH) return this.router.match(method, path);
    const key = `${method} ${path}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = this.router.match(method, path);
      if (this.answers.size >= this.limit) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, answer);
    }
    return answer;
  }

  /** Paths kept now (for tests). */
  get size(): number {
    return this.answers.size;
  }
}
