// The content pages link by route name (content/links.ts): every name is in the registry, and
// every link they render leads to a route the app serves, not to the 404 page.
import { matchPath, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES, type ContentSlug } from '@/content';
import { isStaticPathName, resolveContentLinks } from '@/content/links';
import { paths } from '@/config/paths';
import { routes } from '../router';
import { adminChildren } from './admin';
import { contentRoute } from './content';
import { agentChildren, customerChildren, memberChildren, memberLayoutChildren } from './areas';

/** Every full path of a route table, from `base`. */
function fullPaths(table: RouteObject[], base = ''): string[] {
  return table.flatMap((route) => {
    const here = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${base}/${route.path}`.replace(/\/+/g, '/')
      : base;
    return [...(route.path ? [here] : []), ...fullPaths(route.children ?? [], here)];
  });
}

/** The pages the app serves: the first page's routes and those patched in on navigation. */
const SERVED = [
  ...fullPaths(routes),
  ...fullPaths(memberChildren),
  ...fullPaths(memberLayoutChildren),
  ...fullPaths(customerChildren, paths.customer),
  ...fullPaths(agentChildren, paths.agent),
  ...fullPaths(adminChildren, paths.admin),
].filter((path) => !path.endsWith('*') && path !== paths['404']);

const served = (pathname: string) =>
  SERVED.some((path) => matchPath({ path, end: true }, pathname));

const SLUGS = Object.keys(CONTENT_PAGES) as ContentSlug[];
const pages = Promise.all(
  SLUGS.map(async (slug) => [slug, await CONTENT_PAGES[slug].load()] as const),
);

/** The targets of the Markdown links `[text](target)` of a text. */
const targets = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);

describe('the content pages’ links', () => {
  it('resolves a route name, with its anchor, and leaves an unknown name alone', () => {
    expect(
      resolveContentLinks('See [escrow](path:faq#how-does-escrow-work) and [us](path:aboutus).'),
    ).toBe('See [escrow](/faq#how-does-escrow-work) and [us](/about-us).');
    expect(resolveContentLinks('[x](path:no.such.page) [y](path:gigs.show)')).toBe(
      '[x](path:no.such.page) [y](path:gigs.show)',
    );
  });

  it('the page loads its text with the links resolved', async () => {
    const text = await contentRoute('faq').loader();
    expect(text).toContain('[Pricing](/pricing)');
    expect(text).toContain(`](${paths['agent.withdraw']})`);
    expect(text).not.toContain('](path:');
  });

  it('the check below knows the 404 page when it sees one', () => {
    expect(served('/faq')).toBe(true);
    expect(served('/agent/agent-withdraw')).toBe(true);
    // The member layout's pages (a Customer's or an Agent's inbox in their area) are served too.
    expect(served('/inbox')).toBe(true);
    expect(served('/notifications')).toBe(true);
    expect(served('/no/such/page')).toBe(false);
    expect(served('/faq/404')).toBe(false);
  });

  it.each(SLUGS)('%s links by route name to pages the app serves', async (slug) => {
    const markdown = (await pages).find(([name]) => name === slug)![1];
    const links = targets(markdown);
    // Inside the app, a link names its route; a path written out would not follow the registry.
    const written = links.filter((href) => href.startsWith('/'));
    expect(written, 'paths written out instead of path:<route name>').toEqual([]);
    const unknown = links
      .filter((href) => href.startsWith('path:'))
      .map((href) => href.slice('path:'.length).split('#')[0]!)
      .filter((name) => !isStaticPathName(name));
    expect(unknown, 'route names the registry does not have').toEqual([]);

    const internal = targets(resolveContentLinks(markdown))
      .filter((href) => href.startsWith('/'))
      .map((href) => href.split('#')[0]!);
    expect(
      internal.filter((path) => !served(path)),
      'links to the 404 page',
    ).toEqual([]);
  });
});
