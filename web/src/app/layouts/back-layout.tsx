import { SiteShell } from './site-shell';

/** The back layout: below the md breakpoint a header with a back arrow replaces the navbar. */
export function Component() {
  return <SiteShell layout="back" />;
}
