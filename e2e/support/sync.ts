import { expect } from '@playwright/test';

/**
 * `expect` for what crosses live replication (device → gateway → database → other device): on
 * CI's loaded 2-core runner one such hop has taken over the 10 s default, so it waits up to 30 s.
 */
export const syncExpect = expect.configure({ timeout: 30_000 });
