import type { User } from '@/types/api';
import { buildPath } from '@/config/paths';
import { AccountMenu, accountLinksFor } from './account-menu';

/** The public header's My Account dropdown (spec section 2); logout leads to the index. */
export function MemberMenu({ user }: { user: User }) {
  return (
    <AccountMenu
      user={user}
      variant="public"
      links={accountLinksFor(user)}
      logoutTo={buildPath('index')}
    />
  );
}
