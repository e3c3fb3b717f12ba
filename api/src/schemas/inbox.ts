import { z } from 'zod';
import {
  MESSAGE_ID_PATTERN,
  MESSAGE_MAX,
  SUBJECT_KINDS,
  USERDB_LIMITS,
  type MessageStatus,
} from './userdb-rules';

/** What a conversation is about (a gig from its "Contact me", a job...). */
export const messageSubjectSchema = z.object({
  kind: z.enum(SUBJECT_KINDS),
  ref: z.string().min(1).max(USERDB_LIMITS.subjectRef),
  title: z.string().min(1).max(USERDB_LIMITS.subjectTitle),
});
export type MessageSubject = z.infer<typeof messageSubjectSchema>;

export const sendMessageSchema = z.object({
  to: z
    .string({ error: 'Choose who to write to.' })
    .trim()
    .toLowerCase()
    .min(3, 'Choose who to write to.')
    .max(30),
  body: z
    .string({ error: 'Write a message.' })
    .max(MESSAGE_MAX, `A message has at most ${MESSAGE_MAX.toLocaleString('en')} characters.`),
  id: z
    .string({ error: 'A message id is required.' })
    .regex(MESSAGE_ID_PATTERN, 'A message id has 8 to 64 letters, digits, _ or -.'),
  subject: messageSubjectSchema.optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

export const blockSchema = z.object({
  tagname: z.string({ error: 'Choose who to block.' }).trim().toLowerCase().min(3).max(30),
});

/** A member as the inbox shows them (the other side of a conversation). */
export const personSchema = z.object({
  id: z.string(),
  tagname: z.string().nullable(),
  full_name: z.string(),
  avatar: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** A conversation's latest message, as its list entry shows it. */
export const lastMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  from_me: z.boolean(),
  at: z.string(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

/** A message as the API returns it. */
export interface Message {
  id: string;
  conversation_id: string;
  from_me: boolean;
  body: string;
  created_at: string;
  sent_at: string | null;
  status: MessageStatus;
  read_at: string | null;
  error: string | null;
  attachment: { name: string; content_type: string; size: number } | null;
}

/** A conversation as the API returns it. */
export interface Conversation {
  id: string;
  other: Person;
  subject: MessageSubject | null;
  last_message: LastMessage | null;
  unread_count: number;
  updated_at: string;
}
