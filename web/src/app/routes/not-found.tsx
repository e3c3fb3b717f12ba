import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { buildPath } from '@/config/paths';

export function Component() {
  return <NotFoundPage homeHref={buildPath('index')} />;
}
