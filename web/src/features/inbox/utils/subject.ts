import type { Conversation } from '@wayfarer/api/schemas';

export type Subject = NonNullable<Conversation['subject']>;

/** The kinds a message may be about (the API's sendMessageSchema and the user database agree). */
const SUBJECT_KINDS = ['gig', 'job', 'order', 'project', 'profile'] as const;

/**
 * What a new conversation is about, from a link such as a gig's "Contact me":
 * `/@/amara/message?about=gig&ref=<id>&title=<title>`; null when absent or malformed.
 */
export function subjectFromSearch(params: URLSearchParams): Subject | null {
  const kind = params.get('about') ?? '';
  const ref = (params.get('ref') ?? '').trim();
  const title = (params.get('title') ?? '').trim().slice(0, 200);
  if (!(SUBJECT_KINDS as readonly string[]).includes(kind)) return null;
  if (!ref || ref.length > 100 || !title) return null;
  return { kind, ref, title };
}

/** The query that carries `subject` on to the next page (empty without one). */
export function subjectQuery(subject: Subject | null): Record<string, string> {
  return subject ? { about: subject.kind, ref: subject.ref, title: subject.title } : {};
}
