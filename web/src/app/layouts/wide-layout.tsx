import { SiteShell } from './site-shell';

/** The wide layout: navbar and footer around a full-width page (the home page's bands). */
export function Component() {
  return <SiteShell layout="wide" />;
}
