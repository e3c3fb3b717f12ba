// The party pages (issue 19): /party, a layout reading the party once, with its tabs
// /party/leader and /party/member as child routes; for Students (others are told why they cannot
// use them). The party feature draws them.
import {
  PartyLeaderView,
  PartyMemberView,
  PartyPage,
} from '@/features/party/components/party-page';
import { useCurrentUser } from '@/stores/auth';

export function PartyLayout() {
  const user = useCurrentUser();
  return user ? <PartyPage user={user} /> : null;
}

export const PartyLeader = PartyLeaderView;
export const PartyMember = PartyMemberView;
