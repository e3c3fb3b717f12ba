// What each seeded category offers, for its service page. The API stores a category's name and
// description; this is the editorial part around them. A category an admin adds later gets the
// general guide until it has its own.

export interface CategoryGuide {
  /** One line under the name. */
  tagline: string;
  /** What people hire this professional for. */
  offers: { title: string; text: string }[];
  /** What to put in a job post so offers come back accurate. */
  briefTips: string[];
}

const GENERAL_GUIDE: CategoryGuide = {
  tagline: 'Independent professionals who know the ground, hired for exactly what you need.',
  offers: [
    {
      title: 'Planning and advice',
      text: 'A clear plan before you commit: options, costs and timings from someone who does this every week.',
    },
    {
      title: 'On-the-ground help',
      text: 'A local professional present on the day, handling suppliers, changes and the unexpected.',
    },
    {
      title: 'One-off tasks',
      text: 'A single well-defined piece of work with a fixed price, a delivery date and agreed revisions.',
    },
    {
      title: 'Ongoing support',
      text: 'A professional who stays with your trip or event from the first call to the last day.',
    },
  ],
  briefTips: [
    'Where and when: the place, the dates and how flexible they are.',
    'Who is involved: the number of people and anything they need.',
    'Your budget, and what a great result looks like to you.',
  ],
};

const CATEGORY_GUIDES: Record<string, CategoryGuide> = {
  'travel-agent': {
    tagline: 'Less time on booking sites, more certainty that every leg connects.',
    offers: [
      {
        title: 'Multi-country itineraries',
        text: 'Flights, rail passes, ferries and stays stitched into one route that actually connects.',
      },
      {
        title: 'Group and family bookings',
        text: 'Rooms together, seats together and transfers sized for everyone, luggage included.',
      },
      {
        title: 'Business travel',
        text: 'Fast changes, receipts in order and hotels close to where the meetings are.',
      },
      {
        title: 'Disruption support',
        text: 'Rebooking and alternatives while you are on the move, so a cancelled train is an hour lost, not a day.',
      },
    ],
    briefTips: [
      'Your departure city, destinations and dates, and how fixed each one is.',
      'Travellers, ages and any accessibility needs.',
      'Preferred class, hotel standard and whether the budget includes flights.',
    ],
  },
  'tour-guide': {
    tagline: 'See the place through someone who has spent a lifetime learning it.',
    offers: [
      {
        title: 'City and old-town walks',
        text: 'Two to four hours through the streets that matter, with the history behind them.',
      },
      {
        title: 'Museum and heritage visits',
        text: 'Skip-the-line planning and a guide who knows which ten rooms are worth your time.',
      },
      {
        title: 'Food and market tours',
        text: 'Tastings at family stalls and small kitchens most visitors walk straight past.',
      },
      {
        title: 'Treks and multi-day tours',
        text: 'Routes, permits, huts and pacing handled by someone who has walked them many times.',
      },
    ],
    briefTips: [
      'The city or region, the date and the time of day you prefer.',
      'Group size, the language you want and anyone with limited mobility.',
      'Interests: history, food, architecture, photography or a bit of everything.',
    ],
  },
  'hotel-manager': {
    tagline: 'Experience you can bring in for a season, a launch or a fresh pair of eyes.',
    offers: [
      {
        title: 'Pre-opening and launch',
        text: 'Hiring, standard operating procedures, suppliers and a soft opening that finds the problems first.',
      },
      {
        title: 'Revenue and distribution',
        text: 'Rates, channels and direct bookings reviewed with a plan you can run yourself afterwards.',
      },
      {
        title: 'Interim management',
        text: 'An experienced manager for a season, a maternity cover or a change of ownership.',
      },
      {
        title: 'Guest experience reviews',
        text: 'A stay-through audit of arrival, rooms, breakfast and reviews, with concrete fixes.',
      },
    ],
    briefTips: [
      'The property: type, number of rooms, location and current occupancy.',
      'What needs to change, and by when.',
      'Whether the work is remote, on site or a mix, and for how long.',
    ],
  },
  chef: {
    tagline: 'The best meal of the trip, cooked at your own table.',
    offers: [
      {
        title: 'Private dinners',
        text: 'A menu built around the local market, cooked and served where you are staying.',
      },
      {
        title: 'Cooking classes',
        text: 'Hands-on sessions in regional cooking for families, friends or a team.',
      },
      {
        title: 'Retreat and event catering',
        text: 'Breakfast to dinner for a group over several days, dietary needs included.',
      },
      {
        title: 'Menu design',
        text: 'Seasonal menus and costings for a guesthouse, a pop-up or a new restaurant.',
      },
    ],
    briefTips: [
      'Where the kitchen is, the date and the number of guests.',
      'Allergies, diets and anything nobody will eat.',
      'The style you want: relaxed family table or a tasting menu.',
    ],
  },
  'travel-consultant': {
    tagline: 'An hour with an expert can save a week of research and a costly mistake.',
    offers: [
      {
        title: 'Route planning',
        text: 'The order, the pace and the transport between places, with realistic travel times.',
      },
      {
        title: 'Visas and entry rules',
        text: 'What you need, when to apply and what to carry, for every border on the route.',
      },
      {
        title: 'Budget plans',
        text: 'A day-by-day estimate and where to save without missing what you came for.',
      },
      {
        title: 'Seasons and timing',
        text: 'When to go, what is closed, and the festivals and weather to plan around.',
      },
    ],
    briefTips: [
      'Where you want to go and how long you have.',
      'Your passports and where you are travelling from.',
      'The kind of trip: slow and cheap, comfortable, adventurous, with children.',
    ],
  },
  photographer: {
    tagline: 'Be in the photos of your own trip for once.',
    offers: [
      {
        title: 'Holiday and family sessions',
        text: 'An hour or two of relaxed photos at the places that made the trip.',
      },
      {
        title: 'Proposals and elopements',
        text: 'Discreet planning, the right spot at the right time, and photos of the moment itself.',
      },
      {
        title: 'Travel content',
        text: 'Images for hotels, tour operators and creators, licensed for the web and print.',
      },
      {
        title: 'Events and retreats',
        text: 'Coverage of a conference, a festival or a company trip, delivered within days.',
      },
    ],
    briefTips: [
      'The place, the date and the time of day you have in mind.',
      'Who will be in the photos and how many edited images you want.',
      'How the photos will be used: personal, social media or commercial.',
    ],
  },
  'wedding-planner': {
    tagline: 'You choose the place and the people; someone local handles the rest.',
    offers: [
      {
        title: 'Venue search and booking',
        text: 'A shortlist of venues that fit your guest list and budget, visited for you.',
      },
      {
        title: 'Legal paperwork',
        text: 'The documents, translations and appointments a marriage abroad needs.',
      },
      {
        title: 'Vendors and design',
        text: 'Florists, caterers, music and decor from local suppliers the planner works with.',
      },
      {
        title: 'Guest travel and the day',
        text: 'Room blocks, transfers and a run sheet, with the planner on site from morning to last dance.',
      },
    ],
    briefTips: [
      'The country or region, the season and an approximate guest count.',
      'Civil, religious or symbolic ceremony.',
      'Your overall budget and the three things that matter most.',
    ],
  },
  'events-specialist': {
    tagline: 'A local production team, so your people can focus on each other.',
    offers: [
      {
        title: 'Company retreats',
        text: 'Venue, programme, meals and activities for a team that needs time together.',
      },
      {
        title: 'Incentive trips',
        text: 'A reward trip with moments people remember, run to the minute.',
      },
      {
        title: 'Conferences and launches',
        text: 'Rooms, audio-visual, registration and speakers handled by a local production team.',
      },
      {
        title: 'Festivals and public events',
        text: 'Permits, safety plans, suppliers and volunteers for events open to the public.',
      },
    ],
    briefTips: [
      'The purpose of the event, the audience and the number of attendees.',
      'Dates, the city and whether you already have a venue.',
      'The budget, and what you need handled versus what your team will do.',
    ],
  },
};

export function guideFor(id: string): CategoryGuide {
  return CATEGORY_GUIDES[id] ?? GENERAL_GUIDE;
}
