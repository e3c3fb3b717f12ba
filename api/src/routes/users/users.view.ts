import type { PublicUser, Role, User } from '../../schemas';
import type { UserDoc } from './users.model';

/** Files are served by the API with a version in the URL, so they can be cached for a year. */
const fileUrl = (kind: 'avatar' | 'cv', doc: Pick<UserDoc, 'id'>, version: string | null) =>
  version ? `/api/files/${kind}/${doc.id}?v=${version}` : null;

/** A member's avatar URL from their id and the avatar's version (null: none). */
export const avatarUrl = (id: string, version: string | null) => fileUrl('avatar', { id }, version);

/** The signed-in user's own view of their account. */
export function toUser(doc: UserDoc, extras: { new_notifications_count?: number } = {}): User {
  return {
    id: doc.id,
    email: doc.email,
    tagname: doc.tagname,
    role: doc.role as Role,
    full_name: doc.full_name,
    avatar: fileUrl('avatar', doc, doc.avatar),
    cv: fileUrl('cv', doc, doc.cv),
    bio: doc.bio,
    expertise: doc.expertise,
    location: doc.location,
    languages: doc.languages,
    // Points are the member's leaderboard standings: GET /api/user and /api/user/{tagname} fill
    // them in (routes/leaderboard/leaderboard.service.ts leaderboardsOf).
    leaderboards: [],
    new_notifications_count: extras.new_notifications_count ?? 0,
    email_verified_at: doc.email_verified_at,
    status: doc.status,
    created_at: doc.created_at,
  };
}

/** What anyone may see (`GET /api/user/{tagname}`): never the email, status or files other than the avatar. */
export function toPublicUser(doc: UserDoc): PublicUser {
  const user = toUser(doc);
  return {
    id: user.id,
    tagname: user.tagname,
    role: user.role,
    full_name: user.full_name,
    avatar: user.avatar,
    bio: user.bio,
    expertise: user.expertise,
    location: user.location,
    languages: user.languages,
    leaderboards: user.leaderboards,
    created_at: user.created_at,
  };
}
