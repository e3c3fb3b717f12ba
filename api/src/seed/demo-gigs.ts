// The demo gigs: three or four per service category, owned by the four demo agents, each with
// one or two pictures painted at seed time (gig-images.ts). Prices are in US cents.
import type { GigFields } from '../schemas';
import type { PaletteName } from './gig-images';

type Tier = 'basic' | 'standard' | 'premium';

export interface DemoGig {
  /** Stable key: the seed finds a gig it already wrote by owner and title. */
  key: string;
  /** DemoUser.key of the agent who owns it. */
  owner: 'agent-1' | 'agent-2' | 'agent-3' | 'agent-4';
  fields: Omit<GigFields, 'status' | 'extras' | 'packages'> & {
    packages: {
      tier: Tier;
      name: string;
      description: string;
      price: number;
      delivery_days: number;
      revisions: number;
      includes: string[];
    }[];
    extras?: { title: string; price: number; delivery_days: number }[];
  };
  /** One picture per palette, painted with the gig's own seed. */
  images: PaletteName[];
}

const AMARA = 'agent-1';
const KENJI = 'agent-2';
const LUCIA = 'agent-3';
const OMAR = 'agent-4';

export const DEMO_GIGS: DemoGig[] = [
  // Tour Guide -----------------------------------------------------------------------------------
  {
    key: 'goree-history-walk',
    owner: AMARA,
    images: ['coast', 'golden'],
    fields: {
      title: 'Gorée Island history walk with a licensed guide',
      service_id: 'tour-guide',
      description: `Cross from the Dakar ferry terminal to **Gorée Island** for a walking tour of its lanes, with a guide who has told its story for eleven years.

- The House of Slaves and the Door of No Return, explained with care
- The Castel viewpoint and the artists' quarter
- Lunch at a family-run terrace (not included in the price)

The walk is slow and shaded; we stop wherever you have questions. Ferry tickets are booked for you.`,
      location: 'Dakar, Senegal',
      destinations: ['Dakar', 'Gorée Island'],
      languages: ['French', 'English', 'Wolof'],
      packages: [
        {
          tier: 'basic',
          name: 'Half-day walk',
          description: 'Morning ferry, three hours on the island, back by lunch.',
          price: 4500,
          delivery_days: 1,
          revisions: 0,
          includes: ['Licensed guide', 'Ferry booking', 'Printed map'],
        },
        {
          tier: 'standard',
          name: 'Full day with lunch stop',
          description: 'A relaxed day on the island, with time at the artists’ studios.',
          price: 7500,
          delivery_days: 1,
          revisions: 0,
          includes: ['Licensed guide', 'Ferry booking', 'Studio visits', 'Lunch reservation'],
        },
        {
          tier: 'premium',
          name: 'Private day and evening',
          description: 'Private guide, a historian’s talk and the sunset ferry back.',
          price: 14000,
          delivery_days: 2,
          revisions: 1,
          includes: ['Private guide', 'Historian talk', 'Hotel pick-up', 'Sunset ferry'],
        },
      ],
    },
  },
  {
    key: 'pink-lake-day-trip',
    owner: AMARA,
    images: ['dusk'],
    fields: {
      title: 'Lac Rose and coastal dunes day trip from Dakar',
      service_id: 'tour-guide',
      description: `A day tour to **Lac Rose (Retba)**, the lake that turns pink in the dry season. We meet the salt collectors, ride through the dunes to the Atlantic and stop at a Fula village for tea.

Best from November to June; I will tell you honestly if the colour is weak that week.`,
      location: 'Dakar, Senegal',
      destinations: ['Lac Rose', 'Dakar'],
      languages: ['French', 'English', 'Wolof'],
      packages: [
        {
          tier: 'basic',
          name: 'Shared day trip',
          description: 'Small group of up to six, air-conditioned minibus.',
          price: 6000,
          delivery_days: 1,
          revisions: 0,
          includes: ['Guide', 'Transport', 'Bottled water'],
        },
        {
          tier: 'standard',
          name: 'Private day trip',
          description: 'Your own car and guide, leave when you like.',
          price: 12500,
          delivery_days: 1,
          revisions: 1,
          includes: ['Private guide', 'Private car', 'Village tea', 'Dune ride'],
        },
      ],
    },
  },
  {
    key: 'dakar-music-night',
    owner: AMARA,
    images: ['dusk'],
    fields: {
      title: 'Dakar live music night: mbalax, jazz and late dinner',
      service_id: 'tour-guide',
      description: `Dakar's nights are for music. We start with dinner at a *thieboudienne* spot in Médina, then go to the clubs where mbalax and Senegalese jazz are played live.

I know the doormen and the musicians, and I get you home safely after. Evenings from Thursday to Saturday.`,
      location: 'Dakar, Senegal',
      destinations: ['Dakar'],
      languages: ['French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Evening out',
          description: 'Dinner and one club, about four hours.',
          price: 5500,
          delivery_days: 1,
          revisions: 0,
          includes: ['Guide', 'Dinner booking', 'Club entry'],
        },
        {
          tier: 'standard',
          name: 'The long night',
          description: 'Dinner, two clubs and a ride back to your hotel.',
          price: 9000,
          delivery_days: 1,
          revisions: 0,
          includes: ['Guide', 'Dinner booking', 'Two clubs', 'Ride back'],
        },
      ],
    },
  },
  {
    key: 'saloum-delta-trek',
    owner: AMARA,
    images: ['tropical'],
    fields: {
      title: 'Three days in the Sine-Saloum delta by pirogue and on foot',
      service_id: 'tour-guide',
      description: `Mangroves, shell islands and baobab villages: a three-day guided tour through the **Sine-Saloum delta**, sleeping in small eco-lodges.

Days are about five hours of walking and paddling. Birdwatchers bring binoculars: pelicans and flamingos are common from December.`,
      location: 'Dakar, Senegal',
      destinations: ['Sine-Saloum', 'Toubakouta', 'Joal-Fadiouth'],
      languages: ['French', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Three-day trek',
          description: 'Guide, pirogue, two nights in eco-lodges, all meals.',
          price: 42000,
          delivery_days: 3,
          revisions: 1,
          includes: ['Guide', 'Pirogue', 'Two nights lodging', 'All meals', 'Transfers from Dakar'],
        },
      ],
    },
  },

  // Travel Consultant ------------------------------------------------------------------------------
  {
    key: 'senegal-itinerary',
    owner: AMARA,
    images: ['golden', 'coast'],
    fields: {
      title: 'A Senegal itinerary that fits your dates and budget',
      service_id: 'travel-consultant',
      description: `Tell me your dates, budget and what you love; I send back a day-by-day **Senegal itinerary** you can book yourself: routes, drive times, where to sleep, what to skip.

Includes the practical part: visas, vaccinations, cash and SIM cards, and which festivals fall in your dates.`,
      location: 'Dakar, Senegal',
      destinations: ['Senegal', 'Saint-Louis', 'Casamance'],
      languages: ['French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'One-week plan',
          description: 'A written itinerary for up to 7 days.',
          price: 3500,
          delivery_days: 3,
          revisions: 1,
          includes: ['Day-by-day plan', 'Lodging shortlist', 'Practical notes'],
        },
        {
          tier: 'standard',
          name: 'Two-week plan and call',
          description: 'Up to 14 days, plus a video call to go through it.',
          price: 6500,
          delivery_days: 4,
          revisions: 2,
          includes: ['Day-by-day plan', 'Lodging shortlist', 'Drivers I trust', '45-minute call'],
        },
      ],
    },
  },
  {
    key: 'west-africa-overland',
    owner: AMARA,
    images: ['desert'],
    fields: {
      title: 'Overland route advice for Senegal, Gambia and Guinea-Bissau',
      service_id: 'travel-consultant',
      description: `Planning to cross borders by road? I advise on **overland routes** between Senegal, The Gambia and Guinea-Bissau: border posts, sept-place taxis, ferries, seasons and what paperwork each crossing really asks for.

You get a route map, a checklist per border and contacts for drivers along the way.`,
      location: 'Dakar, Senegal',
      destinations: ['Senegal', 'The Gambia', 'Guinea-Bissau'],
      languages: ['French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Route review',
          description: 'I review the route you drafted and flag the problems.',
          price: 2500,
          delivery_days: 2,
          revisions: 1,
          includes: ['Written review', 'Border checklist'],
        },
        {
          tier: 'standard',
          name: 'Full route plan',
          description: 'A complete overland plan with contacts.',
          price: 6000,
          delivery_days: 4,
          revisions: 2,
          includes: ['Route map', 'Border checklists', 'Driver contacts', 'Season advice'],
        },
      ],
    },
  },
  {
    key: 'sabbatical-planning',
    owner: AMARA,
    images: ['alpine'],
    fields: {
      title: 'Career break planning: a six-month route across two continents',
      service_id: 'travel-consultant',
      description: `For a sabbatical or gap year: we build a **long route** together that follows good seasons, keeps flights few and the budget realistic.

We start with a call about what you want from the break, then I draft the route with monthly costs, visa rules per country and the insurance questions to ask.`,
      location: 'Dakar, Senegal',
      destinations: ['West Africa', 'Morocco', 'Portugal', 'Brazil'],
      languages: ['French', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Route and budget',
          description: 'A six-month route with a monthly budget.',
          price: 15000,
          delivery_days: 7,
          revisions: 2,
          includes: ['Two calls', 'Route map', 'Monthly budget', 'Visa overview'],
        },
        {
          tier: 'premium',
          name: 'Route, budget and check-ins',
          description: 'As Standard, plus a call each month while you travel.',
          price: 32000,
          delivery_days: 10,
          revisions: 4,
          includes: ['Everything in Standard', 'Monthly check-in calls', 'Re-routing help'],
        },
      ],
    },
  },

  // Chef -------------------------------------------------------------------------------------------
  {
    key: 'kaiseki-dinner',
    owner: KENJI,
    images: ['dusk', 'alpine'],
    fields: {
      title: 'Private kaiseki dinner in your machiya or villa',
      service_id: 'chef',
      description: `A seasonal **kaiseki** dinner of eight courses, cooked in your rented machiya or villa by a chef who trained in Gion for twelve years.

I shop at dawn, cook in your kitchen and explain each course as it is served. Allergies and vegetarian guests are welcome: tell me when you order.`,
      location: 'Kyoto, Japan',
      destinations: ['Kyoto', 'Nara'],
      languages: ['Japanese', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Dinner for two',
          description: 'Eight courses for two guests.',
          price: 38000,
          delivery_days: 2,
          revisions: 0,
          includes: ['Shopping', 'Eight courses', 'Tableware', 'Cleaning up'],
        },
        {
          tier: 'standard',
          name: 'Dinner for six',
          description: 'Eight courses for up to six guests, with sake pairing.',
          price: 96000,
          delivery_days: 3,
          revisions: 0,
          includes: ['Shopping', 'Eight courses', 'Sake pairing', 'Tableware', 'Cleaning up'],
        },
      ],
      extras: [{ title: 'Printed menu in Japanese and English', price: 2000, delivery_days: 0 }],
    },
  },
  {
    key: 'nishiki-market-lesson',
    owner: KENJI,
    images: ['golden'],
    fields: {
      title: 'Morning market walk and home-style lunch lesson',
      service_id: 'chef',
      description: `We walk the market stalls together, taste pickles, tofu skin and tamagoyaki, and buy what we need. Then, in my studio kitchen, you learn to make **dashi, miso soup and three home-style dishes**.

Small groups (up to four). You leave with the recipes in English.`,
      location: 'Kyoto, Japan',
      destinations: ['Kyoto'],
      languages: ['Japanese', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Shared morning',
          description: 'Join a group of up to four.',
          price: 9500,
          delivery_days: 1,
          revisions: 0,
          includes: ['Market walk', 'Lesson', 'Lunch', 'Recipes'],
        },
        {
          tier: 'standard',
          name: 'Private morning',
          description: 'Just you and your companions.',
          price: 26000,
          delivery_days: 2,
          revisions: 0,
          includes: ['Market walk', 'Private lesson', 'Lunch', 'Recipes', 'Knife sharpening tips'],
        },
      ],
    },
  },
  {
    key: 'ryokan-breakfast-menu',
    owner: KENJI,
    images: ['dawn'],
    fields: {
      title: 'A Japanese breakfast menu designed for your guesthouse',
      service_id: 'chef',
      description: `Guesthouses and small hotels: I design a **Japanese breakfast** your team can cook every morning without a trained chef. Seasonal variations, a shopping list with quantities per guest and a prep timeline.

Delivered as a written guide with photos, and a video call with your kitchen team.`,
      location: 'Kyoto, Japan',
      destinations: ['Japan', 'Remote'],
      languages: ['Japanese', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'One menu',
          description: 'One breakfast set with its recipes and shopping list.',
          price: 18000,
          delivery_days: 5,
          revisions: 1,
          includes: ['Menu', 'Recipes', 'Shopping list'],
        },
        {
          tier: 'standard',
          name: 'Four seasons',
          description: 'A set per season and a team training call.',
          price: 52000,
          delivery_days: 10,
          revisions: 2,
          includes: ['Four menus', 'Recipes', 'Prep timeline', 'Training call'],
        },
      ],
    },
  },
  {
    key: 'villa-chef-week',
    owner: KENJI,
    images: ['coast'],
    fields: {
      title: 'Resident chef for a villa week on Okinawa or the Seto Inland Sea',
      service_id: 'chef',
      description: `For families and friends renting a house for a week: I cook **breakfast and dinner every day**, with island fish, local vegetables and one barbecue night on the beach.

I plan the menus with you before the trip, handle the shopping and keep the kitchen spotless.`,
      location: 'Kyoto, Japan',
      destinations: ['Okinawa', 'Naoshima', 'Shodoshima'],
      languages: ['Japanese', 'English'],
      packages: [
        {
          tier: 'premium',
          name: 'Seven days, two meals a day',
          description: 'For up to eight guests; food cost billed at receipt.',
          price: 320000,
          delivery_days: 7,
          revisions: 1,
          includes: ['Menu planning call', 'Daily breakfast', 'Daily dinner', 'Beach barbecue'],
        },
      ],
    },
  },

  // Hotel Manager ----------------------------------------------------------------------------------
  {
    key: 'guesthouse-opening',
    owner: KENJI,
    images: ['dawn', 'vineyard'],
    fields: {
      title: 'Opening a small guesthouse: the first 90 days, planned',
      service_id: 'hotel-manager',
      description: `I have opened two guesthouses and a restaurant. I help you plan the **first 90 days** of a small property: staffing and rotas, check-in flow, housekeeping standards, breakfast service and the online listings.

You get a written opening plan and weekly calls until you open.`,
      location: 'Kyoto, Japan',
      destinations: ['Japan', 'Remote'],
      languages: ['Japanese', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Opening checklist',
          description: 'A checklist adapted to your property.',
          price: 25000,
          delivery_days: 5,
          revisions: 1,
          includes: ['Opening checklist', 'Staffing plan'],
        },
        {
          tier: 'standard',
          name: 'Opening plan and calls',
          description: 'A full plan and four weekly calls.',
          price: 90000,
          delivery_days: 14,
          revisions: 2,
          includes: ['Opening plan', 'Staffing plan', 'SOP templates', 'Four weekly calls'],
        },
      ],
    },
  },
  {
    key: 'guest-experience-audit',
    owner: KENJI,
    images: ['alpine'],
    fields: {
      title: 'Guest experience audit for boutique hotels and ryokan',
      service_id: 'hotel-manager',
      description: `I stay one night as an ordinary guest, then meet your team. You receive a report on **every moment of the stay**: arrival, room, dinner, breakfast, departure, and the reviews you are likely to get.

Each finding comes with a fix your team can make this month.`,
      location: 'Kyoto, Japan',
      destinations: ['Kyoto', 'Kanazawa', 'Hakone'],
      languages: ['Japanese', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'One-night audit',
          description: 'Stay, debrief and written report (the room is on you).',
          price: 60000,
          delivery_days: 7,
          revisions: 1,
          includes: ['Mystery stay', 'Team debrief', 'Written report'],
        },
      ],
    },
  },
  {
    key: 'riad-operations',
    owner: OMAR,
    images: ['desert'],
    fields: {
      title: 'Riad operations review: rates, staff and reviews',
      service_id: 'hotel-manager',
      description: `For riad and small hotel owners in Morocco: a two-day **operations review** on site. We look at your rates and channels, housekeeping rotas, breakfast costs and what your reviews keep saying.

You get a prioritised action list and a revenue plan for the next season.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Marrakesh', 'Essaouira', 'Fes'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Remote review',
          description: 'Review of your numbers and listings by video.',
          price: 30000,
          delivery_days: 5,
          revisions: 1,
          includes: ['Rate review', 'Listing review', 'Action list'],
        },
        {
          tier: 'standard',
          name: 'Two days on site',
          description: 'I visit, meet the team and write the plan.',
          price: 85000,
          delivery_days: 10,
          revisions: 2,
          includes: ['Two days on site', 'Team interviews', 'Action list', 'Revenue plan'],
        },
      ],
    },
  },

  // Photographer -----------------------------------------------------------------------------------
  {
    key: 'douro-golden-hour',
    owner: LUCIA,
    images: ['vineyard', 'golden'],
    fields: {
      title: 'Golden-hour portraits along the Douro in Porto',
      service_id: 'photographer',
      description: `A relaxed **photo walk** from the Ribeira to the Dom Luís I bridge as the sun sets over Gaia. Couples, families and solo travellers: I guide poses gently, you just walk and talk.

Edited photos arrive in an online gallery within five days.`,
      location: 'Porto, Portugal',
      destinations: ['Porto', 'Vila Nova de Gaia'],
      languages: ['Portuguese', 'Spanish', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Mini session',
          description: '30 minutes, one location.',
          price: 12000,
          delivery_days: 5,
          revisions: 1,
          includes: ['30 minutes', '25 edited photos', 'Online gallery'],
        },
        {
          tier: 'standard',
          name: 'Classic session',
          description: '90 minutes, three locations.',
          price: 24000,
          delivery_days: 5,
          revisions: 1,
          includes: ['90 minutes', '70 edited photos', 'Online gallery', 'Location scouting'],
        },
        {
          tier: 'premium',
          name: 'Sunset and river cruise',
          description: 'Two hours including a short private boat ride.',
          price: 48000,
          delivery_days: 7,
          revisions: 2,
          includes: ['Two hours', '120 edited photos', 'Private boat', 'Printed album'],
        },
      ],
    },
  },
  {
    key: 'elopement-douro-valley',
    owner: LUCIA,
    images: ['vineyard'],
    fields: {
      title: 'Elopement photography in the Douro Valley vineyards',
      service_id: 'photographer',
      description: `Eloping in Portugal? I photograph **intimate ceremonies** among the terraced vineyards of the Douro Valley, from getting ready to the last glass of port.

I also help with the plan: quintas that allow ceremonies, celebrants, the best light by month.`,
      location: 'Porto, Portugal',
      destinations: ['Douro Valley', 'Pinhão', 'Peso da Régua'],
      languages: ['Portuguese', 'Spanish', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Half day',
          description: 'Four hours of coverage.',
          price: 95000,
          delivery_days: 21,
          revisions: 1,
          includes: ['Four hours', '250 edited photos', 'Online gallery', 'Planning call'],
        },
        {
          tier: 'premium',
          name: 'Full day',
          description: 'Ten hours, with a second shooter.',
          price: 185000,
          delivery_days: 28,
          revisions: 2,
          includes: ['Ten hours', 'Second shooter', '500 edited photos', 'Fine-art album'],
        },
      ],
    },
  },
  {
    key: 'hotel-content-shoot',
    owner: LUCIA,
    images: ['coast'],
    fields: {
      title: 'Photos for your hotel or guesthouse listing',
      service_id: 'photographer',
      description: `Listings with good photos fill up first. I shoot your **rooms, common areas and details** in natural light, plus a few lifestyle frames with your team.

Delivered in web sizes for booking sites and full resolution for print.`,
      location: 'Porto, Portugal',
      destinations: ['Porto', 'Lisbon', 'Braga', 'Galicia'],
      languages: ['Portuguese', 'Spanish', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Up to 5 rooms',
          description: 'Half a day on site.',
          price: 35000,
          delivery_days: 7,
          revisions: 1,
          includes: ['Half day', '40 edited photos', 'Web and print sizes'],
        },
        {
          tier: 'standard',
          name: 'Up to 15 rooms',
          description: 'A full day, with a lifestyle set.',
          price: 65000,
          delivery_days: 10,
          revisions: 2,
          includes: ['Full day', '100 edited photos', 'Lifestyle set', 'Web and print sizes'],
        },
      ],
    },
  },
  {
    key: 'lisbon-street-photo-walk',
    owner: LUCIA,
    images: ['golden'],
    fields: {
      title: 'Street photography walk in Lisbon’s Alfama and Mouraria',
      service_id: 'photographer',
      description: `Bring your own camera or phone: a **three-hour walk** through Alfama and Mouraria where I teach light, framing and how to photograph people with respect.

Ends at a miradouro at sunset; I review your best frames with you over coffee.`,
      location: 'Porto, Portugal',
      destinations: ['Lisbon'],
      languages: ['Portuguese', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Group walk',
          description: 'Up to five people.',
          price: 6500,
          delivery_days: 1,
          revisions: 0,
          includes: ['Three hours', 'Photo review', 'Walking map'],
        },
      ],
    },
  },

  // Travel Agent -----------------------------------------------------------------------------------
  {
    key: 'portugal-rail-stays',
    owner: LUCIA,
    images: ['vineyard', 'coast'],
    fields: {
      title: 'Portugal by train: rail, stays and transfers booked for you',
      service_id: 'travel-agent',
      description: `From Porto to the Algarve without a car. I book your **trains, guesthouses and transfers** as one itinerary, with a printed and offline copy and the seat numbers.

If a train is cancelled, you message me and I rebook.`,
      location: 'Porto, Portugal',
      destinations: ['Porto', 'Coimbra', 'Lisbon', 'Évora', 'Lagos'],
      languages: ['Portuguese', 'Spanish', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Up to 7 nights',
          description: 'Bookings for a one-week trip (fares paid at cost).',
          price: 9000,
          delivery_days: 3,
          revisions: 2,
          includes: ['Rail tickets', 'Stays', 'Offline itinerary'],
        },
        {
          tier: 'standard',
          name: 'Up to 14 nights',
          description: 'Two weeks, with transfers and one day trip.',
          price: 16000,
          delivery_days: 4,
          revisions: 3,
          includes: ['Rail tickets', 'Stays', 'Transfers', 'Day trip', 'Rebooking help'],
        },
      ],
    },
  },
  {
    key: 'galicia-camino-logistics',
    owner: LUCIA,
    images: ['alpine'],
    fields: {
      title: 'Camino Portugués logistics: stages, stays and luggage transfer',
      service_id: 'travel-agent',
      description: `Walking the **Camino Portugués** from Porto to Santiago de Compostela? I plan your stages, book albergues or small hotels and arrange daily luggage transfer.

You walk with a light pack and a plan that fits your pace.`,
      location: 'Porto, Portugal',
      destinations: ['Porto', 'Tui', 'Pontevedra', 'Santiago de Compostela'],
      languages: ['Portuguese', 'Spanish', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Last 100 km',
          description: 'Tui to Santiago, six stages.',
          price: 8500,
          delivery_days: 3,
          revisions: 2,
          includes: ['Stage plan', 'Six nights booked', 'Pilgrim credential'],
        },
        {
          tier: 'standard',
          name: 'Porto to Santiago',
          description: 'Twelve stages with luggage transfer.',
          price: 18000,
          delivery_days: 5,
          revisions: 3,
          includes: [
            'Stage plan',
            'Twelve nights booked',
            'Luggage transfer',
            'Pilgrim credential',
          ],
        },
      ],
    },
  },
  {
    key: 'morocco-multi-city',
    owner: OMAR,
    images: ['desert'],
    fields: {
      title: 'Morocco multi-city trip: riads, trains and a desert night',
      service_id: 'travel-agent',
      description: `Marrakesh, the Atlas, a night in the **Agafay or Merzouga desert**, then Fes by train: I book it all as one trip with drivers and riads I work with every season.

You receive a day-by-day itinerary and a local phone number that answers.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Marrakesh', 'Merzouga', 'Fes', 'Chefchaouen'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Five days',
          description: 'Marrakesh and the desert (stays paid at cost).',
          price: 12000,
          delivery_days: 3,
          revisions: 2,
          includes: ['Riads booked', 'Desert camp', 'Driver', 'Itinerary'],
        },
        {
          tier: 'standard',
          name: 'Ten days',
          description: 'Marrakesh, the desert, Fes and Chefchaouen.',
          price: 22000,
          delivery_days: 4,
          revisions: 3,
          includes: ['Riads booked', 'Desert camp', 'Driver', 'Train tickets', 'Local phone line'],
        },
      ],
    },
  },
  {
    key: 'group-flights-lisbon',
    owner: LUCIA,
    images: ['dawn'],
    fields: {
      title: 'Group flights and hotel blocks for teams travelling to Lisbon',
      service_id: 'travel-agent',
      description: `Bringing 10 to 80 people to Lisbon for an offsite or a conference? I negotiate **group fares and hotel blocks**, collect passenger details and keep one rooming list up to date.

Changes and name corrections are handled for you until departure.`,
      location: 'Porto, Portugal',
      destinations: ['Lisbon', 'Cascais', 'Sintra'],
      languages: ['Portuguese', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Up to 30 travellers',
          description: 'Flights and one hotel block.',
          price: 40000,
          delivery_days: 7,
          revisions: 3,
          includes: ['Group fare', 'Hotel block', 'Rooming list', 'Name changes'],
        },
        {
          tier: 'premium',
          name: 'Up to 80 travellers',
          description: 'Flights from several cities and two hotels.',
          price: 90000,
          delivery_days: 10,
          revisions: 5,
          includes: ['Multi-city group fares', 'Two hotel blocks', 'Rooming list', 'Airport meet'],
        },
      ],
    },
  },

  // Wedding Planner --------------------------------------------------------------------------------
  {
    key: 'riad-wedding',
    owner: OMAR,
    images: ['dusk', 'golden'],
    fields: {
      title: 'Riad wedding in Marrakesh, planned end to end',
      service_id: 'wedding-planner',
      description: `An intimate **riad wedding** for 20 to 60 guests: venue, celebrant, flowers, a henna night, Gnawa musicians and a dinner under lanterns.

I handle permits, vendors and guest transfers from the airport, and run the day so you can be present in it.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Marrakesh'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Planning and the day',
          description: 'Six months of planning and coordination on the day.',
          price: 350000,
          delivery_days: 90,
          revisions: 5,
          includes: ['Venue search', 'Vendor booking', 'Guest transfers', 'Day-of coordination'],
        },
        {
          tier: 'premium',
          name: 'Three-day celebration',
          description: 'Henna night, wedding day and a farewell brunch.',
          price: 650000,
          delivery_days: 90,
          revisions: 8,
          includes: ['Everything in Standard', 'Henna night', 'Farewell brunch', 'Welcome bags'],
        },
      ],
    },
  },
  {
    key: 'agafay-desert-elopement',
    owner: OMAR,
    images: ['desert'],
    fields: {
      title: 'Desert elopement at sunset in the Agafay',
      service_id: 'wedding-planner',
      description: `Just the two of you (or up to ten guests) at a **desert camp in the Agafay**, an hour from Marrakesh. Ceremony at sunset, dinner by the fire, a night under the stars.

I arrange the camp, celebrant, flowers and a photographer, and the paperwork for a symbolic ceremony.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Agafay', 'Marrakesh'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Elopement for two',
          description: 'Ceremony, dinner and a night at the camp.',
          price: 180000,
          delivery_days: 30,
          revisions: 3,
          includes: ['Camp booking', 'Celebrant', 'Flowers', 'Dinner'],
        },
        {
          tier: 'standard',
          name: 'Up to ten guests',
          description: 'As for two, with transport for guests.',
          price: 320000,
          delivery_days: 45,
          revisions: 4,
          includes: ['Camp booking', 'Celebrant', 'Flowers', 'Dinner', 'Guest transport'],
        },
      ],
    },
  },
  {
    key: 'essaouira-beach-wedding',
    owner: OMAR,
    images: ['coast'],
    fields: {
      title: 'Beach wedding weekend in Essaouira',
      service_id: 'wedding-planner',
      description: `A relaxed **wedding weekend by the Atlantic** in Essaouira: ceremony on the beach, seafood dinner in the medina, and a morning at the port for your guests.

Planned remotely over calls, run on the ground by my team.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Essaouira'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Wedding weekend',
          description: 'Up to 40 guests over two days.',
          price: 280000,
          delivery_days: 60,
          revisions: 5,
          includes: ['Venue booking', 'Ceremony set-up', 'Dinner', 'Guest activities'],
        },
      ],
    },
  },
  {
    key: 'wedding-guest-travel',
    owner: OMAR,
    images: ['golden'],
    fields: {
      title: 'Guest travel desk for destination weddings in Morocco',
      service_id: 'wedding-planner',
      description: `Your guests arrive from everywhere. I run a **guest travel desk**: a page with travel advice, a form for arrival times, airport pick-ups and a hotel block near the venue.

One contact for every guest question, so you are not answering them the week of the wedding.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Marrakesh', 'Essaouira', 'Fes'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Up to 50 guests',
          description: 'Travel page, arrivals list and pick-ups.',
          price: 60000,
          delivery_days: 30,
          revisions: 3,
          includes: ['Guest travel page', 'Arrivals list', 'Airport pick-ups'],
        },
        {
          tier: 'standard',
          name: 'Up to 120 guests',
          description: 'As Basic, with a hotel block.',
          price: 110000,
          delivery_days: 45,
          revisions: 4,
          includes: ['Guest travel page', 'Arrivals list', 'Airport pick-ups', 'Hotel block'],
        },
      ],
    },
  },

  // Events Specialist ------------------------------------------------------------------------------
  {
    key: 'desert-retreat',
    owner: OMAR,
    images: ['desert', 'dusk'],
    fields: {
      title: 'Team retreat in the Moroccan desert, produced on the ground',
      service_id: 'events-specialist',
      description: `Three days for 15 to 60 people: a **desert camp**, workshops in a Berber tent, a sunset camel ride and a final dinner with music.

I handle transport, permits, catering, AV and safety, and stay on site throughout.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Merzouga', 'Agafay', 'Marrakesh'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Up to 25 people',
          description: 'Three days, two nights at a private camp.',
          price: 450000,
          delivery_days: 45,
          revisions: 4,
          includes: ['Private camp', 'Transport', 'Catering', 'Workshop tent', 'On-site lead'],
        },
        {
          tier: 'premium',
          name: 'Up to 60 people',
          description: 'As Standard, with AV and a gala dinner.',
          price: 980000,
          delivery_days: 60,
          revisions: 6,
          includes: ['Private camp', 'Transport', 'Catering', 'AV', 'Gala dinner', 'On-site team'],
        },
      ],
    },
  },
  {
    key: 'conference-side-events',
    owner: OMAR,
    images: ['dusk'],
    fields: {
      title: 'Conference side events and dinners in Marrakesh',
      service_id: 'events-specialist',
      description: `Attending a conference in Marrakesh and want a **client dinner or side event** that people remember? I find the venue (riad, palace garden, rooftop), book catering and music, and manage invitations.

Works for 10 to 200 guests, with a week's notice for smaller evenings.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Marrakesh'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'basic',
          name: 'Client dinner',
          description: 'Up to 20 guests.',
          price: 90000,
          delivery_days: 7,
          revisions: 2,
          includes: ['Venue', 'Menu', 'Music', 'Invitations'],
        },
        {
          tier: 'standard',
          name: 'Side event',
          description: 'Up to 200 guests, with AV and staff.',
          price: 380000,
          delivery_days: 21,
          revisions: 4,
          includes: ['Venue', 'Catering', 'AV', 'Staff', 'Guest list management'],
        },
      ],
    },
  },
  {
    key: 'festival-trip-production',
    owner: OMAR,
    images: ['tropical'],
    fields: {
      title: 'Festival trips for groups: Gnaoua, Fes Sacred Music and more',
      service_id: 'events-specialist',
      description: `Take a group to **Essaouira's Gnaoua festival** or the Fes Festival of World Sacred Music: tickets, stays, transfers, a host who knows the artists, and a quiet dinner away from the crowds.

Ideal for clubs, alumni groups and incentive trips.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Essaouira', 'Fes'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Festival weekend',
          description: 'Up to 20 people, three nights.',
          price: 240000,
          delivery_days: 30,
          revisions: 3,
          includes: ['Festival passes', 'Stays', 'Transfers', 'Host', 'Group dinner'],
        },
      ],
    },
  },
  {
    key: 'atlas-incentive-trip',
    owner: OMAR,
    images: ['alpine'],
    fields: {
      title: 'Incentive trip to the Atlas Mountains with Berber village stays',
      service_id: 'events-specialist',
      description: `Reward your best team with **three days in the High Atlas**: guided walks to Berber villages, a cooking lesson with a local family and a night at a mountain kasbah near Imlil.

Fit for all levels; mules carry the bags.`,
      location: 'Marrakesh, Morocco',
      destinations: ['Imlil', 'High Atlas', 'Marrakesh'],
      languages: ['Arabic', 'French', 'English'],
      packages: [
        {
          tier: 'standard',
          name: 'Three days',
          description: 'Up to 30 people, two nights at a kasbah.',
          price: 360000,
          delivery_days: 30,
          revisions: 3,
          includes: ['Kasbah stay', 'Mountain guides', 'Family lesson', 'Transfers', 'All meals'],
        },
      ],
    },
  },
];
