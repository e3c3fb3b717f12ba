import { z } from 'zod';

export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Enter your name.' })
    .trim()
    .min(2, 'Enter your name.')
    .max(80, 'A name has at most 80 characters.'),
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(254, 'An email address has at most 254 characters.')
    .pipe(z.email('Enter a valid email address.')),
  subject: z
    .string({ error: 'Enter a subject.' })
    .trim()
    .min(3, 'Enter a subject.')
    .max(120, 'A subject has at most 120 characters.'),
  message: z
    .string({ error: 'Write your message.' })
    .trim()
    .min(10, 'Write at least 10 characters.')
    .max(5000, 'A message has at most 5,000 characters.'),
});
export type ContactMessageRequest = z.infer<typeof contactMessageSchema>;

export interface ServiceDetail {
  id: string;
  name: string;
  description: string;
  icon: string | null;
}

export interface BlogAuthor {
  full_name: string;
  tagname: string | null;
}

export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  cover: string | null;
  author: BlogAuthor;
  published_at: string;
  reading_minutes: number;
}

export interface BlogPost extends BlogPostSummary {
  /** Markdown. */
  body: string;
}

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
