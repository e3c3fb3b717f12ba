import { ContactPage } from '@/features/contact/components/contact-page';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';

export { PageError as ErrorBoundary } from '../page-error';

export function Component() {
  const user = useCurrentUser();
  return (
    <ContactPage
      sender={user ? { name: user.full_name, email: user.email } : undefined}
      helpHref={buildPath('help')}
      faqHref={buildPath('faq')}
      trustHref={buildPath('trust-and-safety')}
    />
  );
}
