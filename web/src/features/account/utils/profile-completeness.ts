import type { User } from '@/types/api';

/** Which edit page completes an item. */
export type CompletionTarget = 'email' | 'details' | 'uploads';

interface CompletionItem {
  key: string;
  label: string;
  isDone: boolean;
  target: CompletionTarget;
}

export interface Completeness {
  /** 0 to 100, whole numbers. */
  percent: number;
  items: CompletionItem[];
}

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';

/** How complete the profile is, from the real user fields; a CV counts for agents and students. */
export function profileCompleteness(
  user: Pick<
    User,
    | 'role'
    | 'email_verified_at'
    | 'tagname'
    | 'avatar'
    | 'bio'
    | 'expertise'
    | 'location'
    | 'languages'
    | 'cv'
  >,
): Completeness {
  const items: CompletionItem[] = [
    {
      key: 'email',
      label: 'Verify your email address',
      isDone: !!user.email_verified_at,
      target: 'email',
    },
    { key: 'tagname', label: 'Choose a tagname', isDone: filled(user.tagname), target: 'details' },
    { key: 'avatar', label: 'Add a profile photo', isDone: filled(user.avatar), target: 'uploads' },
    { key: 'bio', label: 'Write a short bio', isDone: filled(user.bio), target: 'details' },
    {
      key: 'expertise',
      label: 'Add your expertise',
      isDone: filled(user.expertise),
      target: 'details',
    },
    {
      key: 'location',
      label: 'Say where you are based',
      isDone: filled(user.location),
      target: 'details',
    },
    {
      key: 'languages',
      label: 'List the languages you speak',
      isDone: (user.languages ?? []).length > 0,
      target: 'details',
    },
  ];
  if (user.role === 'Agent' || user.role === 'Student') {
    items.push({ key: 'cv', label: 'Upload your CV', isDone: filled(user.cv), target: 'uploads' });
  }
  const done = items.filter((item) => item.isDone).length;
  return { percent: Math.round((done / items.length) * 100), items };
}
