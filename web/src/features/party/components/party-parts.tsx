import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { buildPath } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import type { ProjectPerson } from '../api/party';

/** A member: photo, name, and the tag name linking to their profile. */
export function Person({ person, note }: { person: ProjectPerson; note?: ReactNode }) {
  return (
    <span className="party-person">
      <Avatar name={person.full_name} src={person.avatar} size={40} />
      <span className="party-person-text">
        <strong>{person.full_name}</strong>
        {person.tagname && (
          <Link to={buildPath('user.info', { tagname: person.tagname })}>@{person.tagname}</Link>
        )}
        {note && <span className="muted">{note}</span>}
      </span>
    </span>
  );
}

/** Above the party as this device last received it: read only until the connection is back. */
export function PartyOfflineNote({ savedAt }: { savedAt: string }) {
  return (
    <p className="alert party-offline" role="status" data-testid="party-offline">
      You are offline: this is your party as this device last received it ({formatDateTime(savedAt)}
      ). Changes need a connection.
    </p>
  );
}

/** Why a member who is not a Student cannot open the party pages. */
export function StudentsOnly({ role }: { role: string }) {
  return (
    <section className="card" data-testid="party-students-only">
      <h2>Parties are for students</h2>
      <p>
        A party is a team of students who apply to lecturers’ projects together. Your account is a{' '}
        {role} account, so you cannot lead or join a party. The{' '}
        <Link to={buildPath('leaderboard')}>leaderboard</Link> is open to everyone.
      </p>
    </section>
  );
}
