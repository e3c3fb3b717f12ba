import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { LocalEngine } from '@/lib/local-db-engine';

/**
 * Opens engines on real PouchDB, each in a new temporary folder, never syncing (offline), and
 * closes them after each test: `const openEngine = localEngines('wf-orders-')`.
 */
export function localEngines(prefix: string): () => Promise<LocalEngine> {
  const opened: LocalEngine[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((engine) => engine.close().catch(() => undefined)));
  });
  return async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    const engine = new LocalEngine({
      name: path.join(dir, 'device'),
      remoteUrl: path.join(dir, 'server'),
      fetch: () => Promise.reject(new TypeError('not used')),
      onState: () => undefined,
      isOnline: () => false,
    });
    opened.push(engine);
    await engine.open();
    return engine;
  };
}
