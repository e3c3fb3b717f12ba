import { ApiReferencePage } from '@/features/developers/components/api-reference-page';

export { PageError as ErrorBoundary } from '../page-error';

export function Component() {
  return <ApiReferencePage />;
}
