import type { ReactNode } from 'react';
import { ProtectedFileLink } from '@/components/ui/protected-file-link';
import type { PublicUser } from '@/types/api';
import './profile.css';

export interface ProfileInfoProps {
  user: PublicUser;
  /** Only on your own profile: what others cannot see. */
  privateDetails?: { email: string; cv: string | null };
  /**
   * The service categories. Points are kept per service id ("tour-guide") while the member's
   * expertise is the category's name ("Tour Guide") or their own words: both are matched.
   */
  services?: readonly { id: string; name: string }[];
}

const memberSince = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Does the leaderboard entry's expertise (a service id) stand for the member's expertise? */
function isOwnExpertise(
  entryExpertise: string,
  expertise: string | null,
  services: readonly { id: string; name: string }[],
): boolean {
  if (!expertise) return false;
  if (same(entryExpertise, expertise)) return true;
  const service = services.find((s) => s.id === entryExpertise);
  return !!service && same(service.name, expertise);
}

/**
 * The spec's points label: the member's points in their own expertise followed by the word
 * Points, "0 Points" when they have no entry there.
 */
export function pointsLabel(
  user: Pick<PublicUser, 'expertise' | 'leaderboards'>,
  services: readonly { id: string; name: string }[] = [],
): string {
  const entry = (user.leaderboards ?? []).find((e) =>
    isOwnExpertise(e.expertise, user.expertise, services),
  );
  return `${entry?.points ?? 0} Points`;
}

/** The info tab: bio, expertise, location, languages, points; the real fields, nothing made up. */
export function ProfileInfo({ user, privateDetails, services = [] }: ProfileInfoProps) {
  const since = memberSince(user.created_at);
  const others = (user.leaderboards ?? []).filter(
    (entry) => !isOwnExpertise(entry.expertise, user.expertise, services) && entry.points > 0,
  );
  const nameOf = (id: string) => services.find((s) => s.id === id)?.name ?? id;
  return (
    <div className="profile-info">
      <section aria-labelledby="about-title">
        <h2 id="about-title">About</h2>
        {user.bio?.trim() ? (
          <p className="profile-bio">{user.bio}</p>
        ) : (
          <p className="muted">No bio yet.</p>
        )}
      </section>
      <dl className="info-list">
        <Row label="Expertise">{user.expertise || <span className="muted">Not given</span>}</Row>
        <Row label="Location">{user.location || <span className="muted">Not given</span>}</Row>
        <Row label="Languages">
          {user.languages?.length ? (
            user.languages.join(', ')
          ) : (
            <span className="muted">Not given</span>
          )}
        </Row>
        {since && <Row label="Member since">{since}</Row>}
        {privateDetails && (
          <>
            <Row label="Email (only you see this)">{privateDetails.email}</Row>
            <Row label="CV">
              {privateDetails.cv ? (
                <ProtectedFileLink href={privateDetails.cv} fileName="cv.pdf">
                  Download CV (PDF)
                </ProtectedFileLink>
              ) : (
                <span className="muted">Not uploaded</span>
              )}
            </Row>
          </>
        )}
      </dl>
      <section aria-labelledby="points-title">
        <h2 id="points-title">Points</h2>
        <p className="points-label" data-testid="points-label">
          {pointsLabel(user, services)}
        </p>
        {others.length > 0 && (
          <ul className="points-list" aria-label="Points in other expertise">
            {others.map((entry) => (
              <li key={entry.expertise}>
                <span>{nameOf(entry.expertise)}</span>
                <strong>{entry.points} Points</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
