import { describe, expect, it, vi } from 'vitest';
import { getGig } from './gigs';
import { prefetchGigs } from './prefetch';

vi.mock('./gigs', () => ({ getGig: vi.fn(() => Promise.resolve({ images: [] })) }));

describe('prefetchGigs', () => {
  it('fetches a saved gig once per member, and again for the next member on this device', async () => {
    prefetchGigs(['g1', 'g2'], 'u1');
    prefetchGigs(['g1'], 'u1');
    await vi.waitFor(() => expect(getGig).toHaveBeenCalledTimes(2));
    // Logout deleted the cache: another member's saved gigs are fetched even if seen before.
    prefetchGigs(['g1'], 'u2');
    await vi.waitFor(() => expect(getGig).toHaveBeenCalledTimes(3));
    expect(vi.mocked(getGig).mock.calls.map(([id]) => id)).toEqual(['g1', 'g2', 'g1']);
  });
});
