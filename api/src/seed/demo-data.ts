import type { Role } from '../schemas';

/** The eight service categories of the spec's footer, in the footer's order. */
export const SERVICES = [
  {
    id: 'travel-agent',
    name: 'Travel Agent',
    icon: 'ticket',
    description:
      'Flights, rail passes, stays and transfers booked and stitched into one itinerary, with someone to call when a connection slips.',
  },
  {
    id: 'tour-guide',
    name: 'Tour Guide',
    icon: 'map',
    description:
      'Licensed local guides for city walks, museums, food markets and multi-day treks, in your language and at your pace.',
  },
  {
    id: 'hotel-manager',
    name: 'Hotel Manager',
    icon: 'building',
    description:
      'Experienced hospitality managers for boutique hotels and guesthouses: openings, revenue, staffing and guest experience.',
  },
  {
    id: 'chef',
    name: 'Chef',
    icon: 'chef-hat',
    description:
      'Private chefs and cooking classes for villas, yachts and retreats, from market-to-table dinners to regional tasting menus.',
  },
  {
    id: 'travel-consultant',
    name: 'Travel Consultant',
    icon: 'compass',
    description:
      'Independent advice on routes, visas, budgets and seasons before you book: a plan you can follow on your own.',
  },
  {
    id: 'photographer',
    name: 'Photographer',
    icon: 'camera',
    description:
      'Holiday, elopement and travel-content photographers who know the light and the quiet corners of their city.',
  },
  {
    id: 'wedding-planner',
    name: 'Wedding Planner',
    icon: 'rings',
    description:
      'Destination weddings planned end to end: venues, permits, vendors, guest travel and the day itself.',
  },
  {
    id: 'events-specialist',
    name: 'Events Specialist',
    icon: 'calendar',
    description:
      'Retreats, incentive trips, conferences and festivals produced on the ground, with local suppliers you can trust.',
  },
] as const;

export interface DemoUser {
  key: string;
  email: string;
  role: Role;
  full_name: string;
  tagname: string;
  expertise: string | null;
  location: string;
  languages: string[];
  bio: string;
}

/** Everyone in the demo signs in with this password (printed at start-up). */
export const DEMO_PASSWORD = 'wayfarer-demo';

export const DEMO_ADMIN: DemoUser = {
  key: 'admin',
  email: 'admin@wayfarer.test',
  role: 'Admin',
  full_name: 'Ada Okafor',
  tagname: 'ada_admin',
  expertise: null,
  location: 'Lisbon, Portugal',
  languages: ['English', 'Portuguese'],
  bio: 'Runs marketplace operations: trust and safety, payouts and the service catalog.',
};

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'customer-1',
    email: 'sofia@wayfarer.test',
    role: 'Customer',
    full_name: 'Sofia Marin',
    tagname: 'sofia_marin',
    expertise: null,
    location: 'Barcelona, Spain',
    languages: ['Spanish', 'Catalan', 'English'],
    bio: 'Plans a family trip a year and a team offsite every spring. Likes small groups and good food.',
  },
  {
    key: 'customer-2',
    email: 'daniel@wayfarer.test',
    role: 'Customer',
    full_name: 'Daniel Whitaker',
    tagname: 'dan_whitaker',
    expertise: null,
    location: 'Manchester, United Kingdom',
    languages: ['English'],
    bio: 'Event host for a charity that runs two fundraising trips abroad each year.',
  },
  {
    key: 'agent-1',
    email: 'amara@wayfarer.test',
    role: 'Agent',
    full_name: 'Amara Diallo',
    tagname: 'amara_guides',
    expertise: 'Tour Guide',
    location: 'Dakar, Senegal',
    languages: ['French', 'Wolof', 'English'],
    bio: 'Licensed guide for Dakar, Gorée Island and the Pink Lake for eleven years. History walks, music nights and day trips.',
  },
  {
    key: 'agent-2',
    email: 'kenji@wayfarer.test',
    role: 'Agent',
    full_name: 'Kenji Morimoto',
    tagname: 'kenji_cooks',
    expertise: 'Chef',
    location: 'Kyoto, Japan',
    languages: ['Japanese', 'English'],
    bio: 'Former kaiseki chef. Private dinners and market-to-table classes for visitors to Kyoto.',
  },
  {
    key: 'agent-3',
    email: 'lucia@wayfarer.test',
    role: 'Agent',
    full_name: 'Lucía Ferreira',
    tagname: 'lucia_lens',
    expertise: 'Photographer',
    location: 'Porto, Portugal',
    languages: ['Portuguese', 'Spanish', 'English'],
    bio: 'Travel and elopement photographer; golden-hour sessions along the Douro.',
  },
  {
    key: 'agent-4',
    email: 'omar@wayfarer.test',
    role: 'Agent',
    full_name: 'Omar Haddad',
    tagname: 'omar_events',
    expertise: 'Events Specialist',
    location: 'Marrakesh, Morocco',
    languages: ['Arabic', 'French', 'English'],
    bio: 'Produces desert retreats and riad weddings with a trusted team of local suppliers.',
  },
  {
    key: 'lecturer-1',
    email: 'helen@wayfarer.test',
    role: 'Lecturer',
    full_name: 'Dr Helen Brandt',
    tagname: 'helen_brandt',
    expertise: 'Travel Consultant',
    location: 'Vienna, Austria',
    languages: ['German', 'English'],
    bio: 'Teaches sustainable tourism; runs field-trip projects with hospitality students.',
  },
  {
    key: 'lecturer-2',
    email: 'rafael@wayfarer.test',
    role: 'Lecturer',
    full_name: 'Rafael Costa',
    tagname: 'rafael_costa',
    expertise: 'Events Specialist',
    location: 'Rio de Janeiro, Brazil',
    languages: ['Portuguese', 'English'],
    bio: 'Event production trainer; briefs students on real festival and conference productions.',
  },
  {
    key: 'student-1',
    email: 'mei@wayfarer.test',
    role: 'Student',
    full_name: 'Mei Lin',
    tagname: 'mei_lin',
    expertise: 'Tour Guide',
    location: 'Singapore',
    languages: ['English', 'Mandarin'],
    bio: 'Tourism student; designs walking tours of heritage neighbourhoods.',
  },
  {
    key: 'student-2',
    email: 'tomas@wayfarer.test',
    role: 'Student',
    full_name: 'Tomás Novak',
    tagname: 'tomas_novak',
    expertise: 'Photographer',
    location: 'Prague, Czechia',
    languages: ['Czech', 'English', 'German'],
    bio: 'Photography trainee; documents events and hotel openings.',
  },
  {
    key: 'student-3',
    email: 'aisha@wayfarer.test',
    role: 'Student',
    full_name: 'Aisha Bello',
    tagname: 'aisha_bello',
    expertise: 'Wedding Planner',
    location: 'Lagos, Nigeria',
    languages: ['English', 'Yoruba'],
    bio: 'Events management student who has assisted on twelve destination weddings.',
  },
];
