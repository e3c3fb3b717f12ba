import type { MessageSubject } from '@wayfarer/api/schemas';
import { SUBJECT_KINDS, USERDB_LIMITS } from '@wayfarer/api/schemas/userdb-rules';

/** What a conversation is about: one of the kinds the API and the user database accept. */
export type Subject = MessageSubject;

const isSubjectKind = (kind: string): kind is Subject['kind'] =>
  (SUBJECT_KINDS as readonly string[]).includes(kind);

/**
 * What a new conversation is about, from a link such as a gig's "Contact me":
 * `/@/amara/message?about=gig&ref=<id>&title=<title>`; null when absent or malformed.
 */
export function subjectFromSearch(params: URLSearchParams): Subject | null {
  const kind = params.get('about') ?? '';
  const ref = (params.get('ref') ?? '').trim();
  const title = (params.get('title') ?? '').trim().slice(0, USERDB_LIMITS.subjectTitle);
  if (!isSubjectKind(kind)) return null;
  if (!ref || ref.length > USERDB_LIMITS.subjectRef || !title) return null;
  return { kind, ref, title };
}

const SUBJECT_LABEL: Record<Subject['kind'], string> = {
  gig: 'Gig',
  job: 'Job',
  order: 'Order',
  project: 'Project',
  profile: 'Profile',
};

/**
 * A subject as the inbox and the chat show it, "Gig: Sunset walk in Lamu": the kind's label,
 * then the title exactly as its writer typed it (never re-cased, here or in CSS).
 */
export function subjectLine(subject: Subject): string {
  return `${SUBJECT_LABEL[subject.kind] ?? subject.kind}: ${subject.title}`;
}

/** The query that carries `subject` on to the next page (empty without one). */
export function subjectQuery(subject: Subject | null): Record<string, string> {
  return subject ? { about: subject.kind, ref: subject.ref, title: subject.title } : {};
}
