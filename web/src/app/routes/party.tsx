// The party pages (issue 19): /party/leader and /party/member, for Students (others are told why
// they cannot use them). The party feature draws them.
import { PartyPage } from '@/features/party/components/party-page';
import { useCurrentUser } from '@/stores/auth';

export function PartyLeader() {
  const user = useCurrentUser();
  return user ? <PartyPage key="leader" view="leader" user={user} /> : null;
}

export function PartyMember() {
  const user = useCurrentUser();
  return user ? <PartyPage key="member" view="member" user={user} /> : null;
}
