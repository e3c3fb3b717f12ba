// Links in the content pages' Markdown name their route, not its path:
// `[Post a Job](path:customer.post.job)`, with an optional `#anchor`. The page resolves them with
// `buildPath` when it loads, so a path changed in config/paths.ts changes there too, and
// `app/routes/content.test.ts` fails on a name the registry does not have or a route the router
// does not serve.
import { buildPath, paths, type StaticPathName } from '@/config/paths';

/** `](path:name#anchor)` in Markdown: the route name and the optional anchor. */
const CONTENT_LINK = /\]\(path:([\w.-]+)(#[\w-]+)?\)/g;

/** Whether `name` is a route of the registry whose path needs no params. */
export function isStaticPathName(name: string): name is StaticPathName {
  return Object.hasOwn(paths, name) && !paths[name as keyof typeof paths].includes(':');
}

/**
 * The Markdown with each `path:` link made the URL of its route. A name the registry does not
 * have is left as it is (react-markdown then drops the href); the unit test names it.
 */
export function resolveContentLinks(markdown: string): string {
  return markdown.replace(CONTENT_LINK, (link, name: string, anchor: string | undefined) =>
    isStaticPathName(name) ? `](${buildPath(name)}${anchor ?? ''})` : link,
  );
}
