/**
 * The Markdown content pages (footer links). Each body is loaded on demand as a raw string, so
 * none of this text is in the initial bundle.
 */
export interface ContentPage {
  readonly title: string;
  /** One sentence for the meta description. */
  readonly description: string;
  readonly load: () => Promise<string>;
}

export const CONTENT_PAGES = {
  'about-us': {
    title: 'About Us',
    description:
      'Wayfarer Market is an offline-first marketplace where travellers and event hosts hire travel professionals, and lecturers run real projects for students.',
    load: () => import('./about-us.md?raw').then((m) => m.default),
  },
  careers: {
    title: 'Careers',
    description:
      'How the Wayfarer Market team works, the areas we hire in and how to get in touch about joining us.',
    load: () => import('./careers.md?raw').then((m) => m.default),
  },
  press: {
    title: 'Press and News',
    description:
      'The Wayfarer Market story, a fact sheet, brand guidelines and how to reach us for press enquiries.',
    load: () => import('./press.md?raw').then((m) => m.default),
  },
  pricing: {
    title: 'Pricing Plan',
    description:
      'Free to join for every role: agents pay a 10% fee on completed orders, customers pay only the order price, and projects are free.',
    load: () => import('./pricing.md?raw').then((m) => m.default),
  },
  privacy: {
    title: 'Privacy Policy',
    description:
      'What Wayfarer Market collects, why, where it is stored, how long it is kept and how to exercise your rights.',
    load: () => import('./privacy.md?raw').then((m) => m.default),
  },
  terms: {
    title: 'Terms of Service',
    description:
      'The rules for accounts, gigs, jobs, offers, orders and escrow, cancellations, revisions, disputes, reviews and withdrawals on Wayfarer Market.',
    load: () => import('./terms.md?raw').then((m) => m.default),
  },
  faq: {
    title: 'FAQ',
    description:
      'Quick answers about fees, escrow, cancellations, revisions, reviews, offline use and withdrawals on Wayfarer Market.',
    load: () => import('./faq.md?raw').then((m) => m.default),
  },
  help: {
    title: 'Help and Support',
    description:
      'Get started as a customer, agent, lecturer or student, work offline with the sync indicator, keep your account secure and contact support.',
    load: () => import('./help.md?raw').then((m) => m.default),
  },
  'trust-and-safety': {
    title: 'Trust and Safety',
    description:
      'How escrow, verified email, double-blind reviews, reporting and disputes protect you, plus tips for meeting safely in person.',
    load: () => import('./trust-and-safety.md?raw').then((m) => m.default),
  },
  'selling-guide': {
    title: 'Selling Guide',
    description:
      'How agents build great gigs, win jobs with offers, deliver, get paid, withdraw earnings and grow their reviews and points.',
    load: () => import('./selling-guide.md?raw').then((m) => m.default),
  },
  'buying-guide': {
    title: 'Buying Guide',
    description:
      'How customers find gigs, post jobs and compare offers, pay into escrow, accept deliveries or request revisions, and leave reviews.',
    load: () => import('./buying-guide.md?raw').then((m) => m.default),
  },
} as const satisfies Record<string, ContentPage>;

export type ContentSlug = keyof typeof CONTENT_PAGES;
