import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectPreloads, routePreloads, whenChanged } from './route-preloads';

const tag = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
const html = (tags: string[]) =>
  `<head>\n    ${['<!--route-preloads-->', ...tags, '<!--/route-preloads-->'].join('\n    ')}\n</head>`;

describe('injectPreloads', () => {
  it('puts the page’s tags in the block, and its picture first, escaped', () => {
    expect(injectPreloads(html([tag('home.js')]), [tag('gig.js')], '/api/gigs/a"b/images/1')).toBe(
      html([
        '<link rel="preload" as="image" fetchpriority="high" href="/api/gigs/a&quot;b/images/1">',
        tag('gig.js'),
      ]),
    );
  });

  it('keeps the home page’s tags when the page has none of its own', () => {
    const page = html([tag('home.js')]);
    expect(injectPreloads(page, null, null)).toBe(page);
    expect(injectPreloads(page, null, '/api/gigs/x/images/1')).toContain(tag('home.js'));
  });

  it('leaves a shell without the block (an older build) as it is', () => {
    expect(injectPreloads('<head></head>', [tag('gig.js')], '/x.png')).toBe('<head></head>');
  });
});

describe('routePreloads', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-preloads-'));
  const file = path.join(dir, 'route-preloads.json');

  it('matches route patterns segment by segment, and reads the file again when it changes', async () => {
    writeFileSync(file, JSON.stringify({ '/gigs/:id': [tag('gig.js')], '/explore': [] }));
    const preloads = routePreloads(file);
    expect(await preloads.tagsFor('/gigs/abc')).toEqual([tag('gig.js')]);
    expect(await preloads.tagsFor('/gigs/abc/')).toEqual([tag('gig.js')]);
    expect(await preloads.tagsFor('/gigs/abc/order')).toBeNull();
    expect(await preloads.tagsFor('/gigs')).toBeNull();
    expect(await preloads.tagsFor('/explore')).toEqual([]);
    expect(await preloads.tagsFor('/explorer')).toBeNull();
    // A new build under the running server (a later modification time).
    writeFileSync(file, JSON.stringify({ '/explore': [tag('explore.js')] }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(await preloads.tagsFor('/explore')).toEqual([tag('explore.js')]);
    expect(await preloads.tagsFor('/gigs/abc')).toBeNull();
  });

  it('a missing or broken file gives no page its own', async () => {
    expect(await routePreloads(path.join(dir, 'none.json')).tagsFor('/explore')).toBeNull();
    writeFileSync(file, '{not json');
    const later = new Date(Date.now() + 10_000);
    utimesSync(file, later, later);
    expect(await routePreloads(file).tagsFor('/explore')).toBeNull();
  });
});

describe('whenChanged', () => {
  it('reads the file once until its modification time changes', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-shell-')), 'index.html');
    writeFileSync(file, 'first');
    let reads = 0;
    const shell = whenChanged(file, (text) => {
      reads += 1;
      return text;
    });
    expect(await shell()).toBe('first');
    expect(await shell()).toBe('first');
    expect(reads).toBe(1);
    writeFileSync(file, 'second');
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(await shell()).toBe('second');
    expect(reads).toBe(2);
  });
});
