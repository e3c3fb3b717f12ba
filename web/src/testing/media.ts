// A window whose width matches the `(min-width: …)` queries of useMediaQuery, or not (a phone).
import { vi } from 'vitest';

export function stubWidthMatches(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
