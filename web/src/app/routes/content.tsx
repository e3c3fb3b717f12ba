// The Markdown content pages (about us, careers, press, legal pages, guides).
import type { ComponentType } from 'react';
import { useLoaderData } from 'react-router-dom';
import { CONTENT_PAGES, type ContentSlug } from '@/content';
import { resolveContentLinks } from '@/content/links';
import { ContentPage } from '@/features/content/components/content-page';
import { PageError } from '../page-error';
import { buildPath } from '@/config/paths';
import type { RouteHandle } from '../use-document-title';

function ContentRoute() {
  const markdown = useLoaderData<string>();
  return (
    <ContentPage
      markdown={markdown}
      contactHref={buildPath('contactus')}
      helpHref={buildPath('help')}
    />
  );
}

/** What the route of content page `slug` gets from its lazy import. */
export function contentRoute(slug: ContentSlug): {
  handle: RouteHandle;
  loader: () => Promise<string>;
  Component: ComponentType;
  ErrorBoundary: ComponentType;
} {
  const page = CONTENT_PAGES[slug];
  return {
    handle: { title: page.title, description: page.description } satisfies RouteHandle,
    // The text is its own chunk: loading it is the page's data load (progress bar, then render).
    // Its links name routes (`path:faq`); they become paths here.
    loader: async () => resolveContentLinks(await page.load()),
    Component: ContentRoute,
    ErrorBoundary: PageError,
  };
}
