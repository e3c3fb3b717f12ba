import { describe, expect, it } from 'vitest';
import { rateLimitMessage } from './contact-page';

describe('rateLimitMessage', () => {
  it('says how long to wait', () => {
    expect(rateLimitMessage(null)).toMatch(/wait a little/);
    expect(rateLimitMessage(30)).toMatch(/in a minute\.$/);
    expect(rateLimitMessage(14 * 60 + 5)).toMatch(/in 15 minutes\.$/);
  });
});
