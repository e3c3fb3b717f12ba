// The projects' closed lists and limits (issue 19) as plain values, free of zod, so the web app
// can import them into any chunk (as userdb-rules.ts does for the user's database); projects.ts
// declares the schemas with them and re-exports them.
export const PROJECT_STATUSES = ['draft', 'open', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const APPLICANT_TYPES = ['individual', 'team'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];
export const APPLICATION_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const PARTY_INVITE_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type PartyInviteStatus = (typeof PARTY_INVITE_STATUSES)[number];

/** Members of a party besides its leader. */
export const PARTY_MEMBERS_MAX = 5;
export const PROJECT_SLOTS_MAX = 100;
/** Entries per leaderboard page. */
export const LEADERBOARD_PER_PAGE = 20;
