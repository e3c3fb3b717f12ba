import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { guardedRun } from './lifecycle';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** The signal handlers a test added: called directly (no real signal reaches the test worker). */
let listenersBefore: Map<string, unknown[]>;
const added = (signal: (typeof SIGNALS)[number]) =>
  process.listeners(signal).filter((l) => !listenersBefore.get(signal)!.includes(l));

let exit: MockInstance<typeof process.exit>;
let errors: MockInstance<typeof console.error>;
/** What happened, in order: closes and exits. */
let events: string[];

beforeEach(() => {
  listenersBefore = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
  events = [];
  exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
    events.push(`exit ${code}`);
    return undefined as never;
  });
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const signal of SIGNALS) for (const l of added(signal)) process.off(signal, l);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A run with one server to close, which notes when it closed. */
function startRun(limitMs = 60_000) {
  const run = guardedRun('test-bench', limitMs);
  run.leftovers.closeAtEnd(() => events.push('close'));
  return run;
}

const settle = () => vi.waitFor(() => expect(exit).toHaveBeenCalled());

describe('guardedRun', () => {
  it("cleans up, then exits with main's code", async () => {
    const { finish } = startRun();
    await finish(() => Promise.resolve(3));
    expect(events).toEqual(['close', 'exit 3']);
  });

  it('exits 1 when main throws, and says so', async () => {
    const { finish } = startRun();
    await finish(() => Promise.reject(new Error('boom')));
    expect(events).toEqual(['close', 'exit 1']);
    expect(errors).toHaveBeenCalledWith('test-bench failed:', expect.any(Error));
  });

  it('stops with 1 after the time limit', async () => {
    vi.useFakeTimers();
    startRun(5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(events).toEqual(['close', 'exit 1']);
    expect(errors).toHaveBeenCalledWith('test-bench: still running after 5 s; stopping.');
  });

  it('stops with 130 on a signal, closing once when the signal comes twice', async () => {
    startRun();
    const [onTerm] = added('SIGTERM');
    const [onInt] = added('SIGINT');
    onTerm!('SIGTERM');
    onInt!('SIGINT');
    await settle();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledTimes(2));
    expect(events).toEqual(['close', 'exit 130', 'exit 130']);
    expect(errors).toHaveBeenCalledExactlyOnceWith('test-bench: SIGTERM; stopping.');
  });
});
