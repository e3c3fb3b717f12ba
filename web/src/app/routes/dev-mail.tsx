import { DevMailPage } from '@/features/dev-mail/components/dev-mail-page';

export function Component() {
  return <DevMailPage />;
}
