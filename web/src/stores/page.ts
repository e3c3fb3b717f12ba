import { proxy } from 'valtio';
import type {
  LooseDoc,
  PartyResponse,
  PublicUser,
  ShortlistIndividual,
  ShortlistResponse,
  ShortlistTeam,
} from '@/types/api';

/** Spec section 3: applicants are presented with a type and start not accepted. */
export type PresentedIndividual = ShortlistIndividual & {
  user_id: string;
  applicant_type: 'Individual';
  isAccepted: boolean;
};
export type PresentedTeam = ShortlistTeam & { applicant_type: 'Team'; isAccepted: boolean };

export interface Shortlist {
  individual: PresentedIndividual[];
  team: PresentedTeam[];
  project: unknown;
}

/** What the current page shows about someone or something other than the signed-in user. */
export interface PageState {
  /** The visited user (/@/:tagname). */
  user: PublicUser | null;
  inbox: LooseDoc[];
  projectBox: LooseDoc[];
  shortlist: Shortlist | null;
  party: PartyResponse | null;
  cv: string | null;
  wishlists: LooseDoc[];
  notifications: LooseDoc[];
}

const initial = (): PageState => ({
  user: null,
  inbox: [],
  projectBox: [],
  shortlist: null,
  party: null,
  cv: null,
  wishlists: [],
  notifications: [],
});

export const pageStore = proxy<PageState>(initial());

export function setVisitedUser(user: PublicUser | null): void {
  pageStore.user = user;
}

export function setInbox(conversations: LooseDoc[]): void {
  pageStore.inbox = conversations;
}

export function setProjectBox(items: LooseDoc[]): void {
  pageStore.projectBox = items;
}

export function setShortlist(response: ShortlistResponse | null): void {
  if (response === null) {
    pageStore.shortlist = null;
    return;
  }
  pageStore.shortlist = {
    individual: response.shortlistIndividual.map((applicant) => ({
      ...applicant,
      user_id: applicant.from_id,
      applicant_type: 'Individual',
      isAccepted: false,
    })),
    team: response.shortlistTeam.map((team) => ({
      ...team,
      applicant_type: 'Team',
      isAccepted: false,
    })),
    project: response.project,
  };
}

export function setParty(party: PartyResponse | null): void {
  pageStore.party = party;
}

export function setCv(cv: string | null): void {
  pageStore.cv = cv;
}

export function setWishlists(wishlists: LooseDoc[]): void {
  pageStore.wishlists = wishlists;
}

export function setNotifications(notifications: LooseDoc[]): void {
  pageStore.notifications = notifications;
}

/** Logout: nothing of the previous user may stay on screen. */
export function resetPage(): void {
  Object.assign(pageStore, initial());
}
