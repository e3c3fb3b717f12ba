import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module afresh (it reads the element once) with `json` as the shell's element. */
async function withShell(json: string) {
  vi.resetModules();
  document.getElementById('page-data')?.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'page-data';
  element.textContent = json;
  document.body.append(element);
  return import('./page-data');
}

afterEach(() => vi.restoreAllMocks());

describe('takeServed', () => {
  it('answers a request once, whatever the order of its query', async () => {
    const { takeServed } = await withShell(JSON.stringify({ '/gigs?a=1&b=x': { ok: 1 } }));
    expect(takeServed('/gigs', { b: 'x', a: 1, c: undefined })).toEqual({ ok: 1 });
    expect(takeServed('/gigs', { a: 1, b: 'x' })).toBeUndefined();
    expect(takeServed('/other')).toBeUndefined();
  });

  it('serves nothing from a broken element, and nothing a minute after the page loaded', async () => {
    expect((await withShell('{"/gigs": ')).takeServed('/gigs')).toBeUndefined();
    const { takeServed } = await withShell(JSON.stringify({ '/gigs': [1] }));
    vi.spyOn(performance, 'now').mockReturnValue(60_001);
    expect(takeServed('/gigs')).toBeUndefined();
  });
});
