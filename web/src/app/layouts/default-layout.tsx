import { SiteShell } from './site-shell';

/** The default layout (spec section 2): navbar, page, footer. */
export function Component() {
  return <SiteShell layout="default" />;
}
