import nodeConsole from 'node:console';
import { afterAll, beforeAll, vi, type MockInstance } from 'vitest';

/** Loopback port 9 (discard): nothing listens there, so a connection is refused at once. */
const UNREACHABLE_ORIGIN = 'http://127.0.0.1:9/';

interface HappyDomWindow {
  happyDOM: { setURL(url: string): void };
}

/** A refused connection, or one cut when a test aborted it or ended. */
const isRefused = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  ['ECONNREFUSED', 'ECONNRESET'].includes(String((value as { code?: unknown }).code));

/**
 * For component tests of the "API is down" state without stubbing fetch: the page moves to an
 * origin where relative requests (/api/health) fail for real, whatever runs on happy-dom's default
 * localhost:3000. happy-dom reports each refused connection on the Node console (not the test's),
 * as a browser would in devtools; those reports are dropped, anything else still prints.
 */
export function useUnreachableApi(): void {
  let spy: MockInstance<typeof nodeConsole.error> | undefined;
  beforeAll(() => {
    (window as unknown as HappyDomWindow).happyDOM.setURL(UNREACHABLE_ORIGIN);
    const original = nodeConsole.error.bind(nodeConsole);
    spy = vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
      if (!isRefused(args[0])) original(...args);
    });
  });
  afterAll(() => {
    spy?.mockRestore();
  });
}
