import { z } from 'zod';

export const MESSAGE_MAX = 5000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

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
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A message id has 8 to 64 letters, digits, _ or -.'),
  subject: z
    .object({
      kind: z.enum(['gig', 'job', 'order', 'project', 'profile']),
      ref: z.string().min(1).max(100),
      title: z.string().min(1).max(200),
    })
    .optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

export const blockSchema = z.object({
  tagname: z.string({ error: 'Choose who to block.' }).trim().toLowerCase().min(3).max(30),
});

export interface Person {
  id: string;
  tagname: string | null;
  full_name: string;
  avatar: string | null;
}

export type MessageStatus = 'pending' | 'delivered' | 'read' | 'failed';

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

export interface Conversation {
  id: string;
  other: Person;
  subject: { kind: string; ref: string; title: string } | null;
  last_message: { id: string; body: string; from_me: boolean; at: string } | null;
  unread_count: number;
  updated_at: string;
}
