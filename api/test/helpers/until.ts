/** Polls `check` until it returns something truthy; fails naming `what` at the deadline. */
export async function until<T>(
  ms: number,
  what: string,
  check: () => Promise<T | null | false | undefined>,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (last: ${last})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
