import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Leftovers, loadAverage } from './leftovers';

const made: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-leftovers-test-'));
  made.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('Leftovers', () => {
  it('cleans up once, however many ask', async () => {
    const leftovers = new Leftovers();
    let closes = 0;
    leftovers.closeAtEnd(async () => {
      closes++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(leftovers.cleaningUp).toBe(false);
    const first = leftovers.cleanUp();
    expect(leftovers.cleaningUp).toBe(true);
    const second = leftovers.cleanUp();
    expect(second).toBe(first);
    await Promise.all([first, second, leftovers.cleanUp()]);
    await leftovers.cleanUp();
    expect(closes).toBe(1);
  });

  it('closes everything before it removes the folders', async () => {
    const leftovers = new Leftovers();
    const dir = await tempDir();
    leftovers.keep(dir);
    const seen: boolean[] = [];
    leftovers.closeAtEnd(async () => {
      seen.push(existsSync(dir));
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(existsSync(dir));
    });
    leftovers.closeAtEnd(() => seen.push(existsSync(dir)));
    await leftovers.cleanUp();
    expect(seen).toEqual([true, true, true]);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes the folders and closes the rest when a close fails or throws', async () => {
    const leftovers = new Leftovers();
    const dirs = [await tempDir(), await tempDir()];
    for (const dir of dirs) leftovers.keep(dir);
    let closed = false;
    leftovers.closeAtEnd(() => Promise.reject(new Error('the server would not close')));
    leftovers.closeAtEnd(() => {
      throw new Error('already gone');
    });
    leftovers.closeAtEnd(() => {
      closed = true;
    });
    await expect(leftovers.cleanUp()).resolves.toBeUndefined();
    expect(closed).toBe(true);
    expect(dirs.map((d) => existsSync(d))).toEqual([false, false]);
  });

  it('keep is bound, so it can be passed on as it is', async () => {
    const leftovers = new Leftovers();
    const dir = await tempDir();
    const { keep } = leftovers;
    keep(dir);
    await leftovers.cleanUp();
    expect(existsSync(dir)).toBe(false);
  });
});

describe('loadAverage', () => {
  it('prints the three averages with two decimals', () => {
    expect(loadAverage([1.524, 0.98, 0.7])).toBe('1.52, 0.98, 0.70');
    expect(loadAverage([0, 12, 3.456])).toBe('0.00, 12.00, 3.46');
  });

  it("reads the machine's by default", () => {
    expect(loadAverage()).toMatch(/^\d+\.\d\d, \d+\.\d\d, \d+\.\d\d$/);
  });
});
