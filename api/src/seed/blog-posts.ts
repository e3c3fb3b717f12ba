/** Seeded blog posts, until admins write their own (issue 7). Bodies are Markdown. */
export const BLOG_POSTS = [
  {
    slug: 'why-we-built-wayfarer-offline-first',
    title: 'Why we built Wayfarer Market to work offline',
    excerpt:
      'Guides answer messages on ferries, chefs check orders in basement kitchens, photographers reply from mountain passes. A marketplace for them has to work without a signal.',
    published_at: '2026-10-02T08:00:00.000Z',
    body: `Most marketplaces assume you are sitting at a desk with fast Wi-Fi. The people we build for are not. A tour guide spends the day underground in catacombs, a wedding planner walks a clifftop venue with one bar of signal, a chef works in a kitchen where phones only connect by the back door.

## What "offline-first" means here

When you open Wayfarer Market, your inbox, your project box, your wishlists, your drafts and your orders are already on your phone. You can read them, answer messages and save changes with no connection at all. The moment your device reconnects, everything syncs in the background, and the small indicator in the corner tells you whether you are online, syncing, offline or need attention.

- **Messages written offline are never lost.** They wait on your device, marked as pending, and are delivered when you are back online, in the order you wrote them.
- **Drafts save as you type.** Start a gig description on the train and finish it on your laptop at the hotel.
- **It opens offline.** Once installed, the app starts from your home screen even in airplane mode.

## Why it matters for money too

Orders and payments are handled on the server, never guessed on a device, so a flaky connection can delay a notification but never create a double charge. Every movement of money is recorded in a ledger that always balances.

We think this is the minimum a travel professional should expect from their tools. If you have ideas for what else should work offline, [tell us](/contact-us).`,
  },
  {
    slug: 'five-details-of-a-gig-that-sells',
    title: 'Five details of a gig that sells',
    excerpt:
      'Clear packages, honest delivery times and photos of the real thing: what we see in the gigs customers choose most often.',
    published_at: '2026-10-20T08:00:00.000Z',
    body: `A gig is a promise. Customers compare a handful of them side by side, usually on a phone, often in a hurry. These are the details that make the difference.

## 1. A title that says what and where

"Private half-day food walk in Lisbon's Alfama, for up to 6 people" beats "Amazing food experience". Put the place and the scale in the title.

## 2. Packages that differ in a way people understand

Use Basic, Standard and Premium for real differences: group size, duration, what is included. Keep revisions and delivery days realistic; a late delivery costs more trust than a longer estimate.

## 3. Photos of the real thing

Show the actual kitchen, the actual viewpoint, your actual camera kit. Customers notice stock photos.

## 4. Languages and destinations

List every language you guide or work in and the places you really cover. Search filters use them, so a missing language means missing customers.

## 5. Answer fast

Your response time is shown on your profile. Wayfarer Market delivers messages even when you are offline, so you can answer from the road and it will arrive as soon as you reconnect.

Read the full [selling guide](/selling-guide) for more.`,
  },
  {
    slug: 'planning-a-destination-wedding-with-local-pros',
    title: 'Planning a destination wedding with local professionals',
    excerpt:
      'A step-by-step way to hire a planner, a photographer and a chef in a country you have visited once, and still sleep at night.',
    published_at: '2026-11-05T08:00:00.000Z',
    body: `Destination weddings bring together people who have never met: you, a planner on the ground, a photographer, a caterer, sometimes a guide for your guests. Here is how couples on Wayfarer Market keep it under control.

## Start with one job post

Post a job describing the date, the place, the number of guests and your budget. Planners answer with offers that you can compare in one place, with their reviews and the packages they propose.

## Keep every conversation in the inbox

Talk to each professional in the app. Messages are Markdown, so a planner can send you a checklist that stays readable, and the whole history stays with the order.

## Pay into escrow, release on delivery

When you order, your payment is held until the work is delivered and you accept it. If something goes wrong, you can ask for a revision or open a dispute that our team decides.

## Review together

After the day, both sides review each other within 14 days. Reviews appear when both are in, so nobody writes theirs in reply to the other.

Browse [wedding planners](/services/wedding-planner) and [photographers](/services/photographer) to get started.`,
  },
  {
    slug: 'students-and-lecturers-field-projects',
    title: 'Field projects: how lecturers and students work together here',
    excerpt:
      'Lecturers post real briefs, students apply alone or as a party, and good work earns points that show up on the leaderboard.',
    published_at: '2026-11-15T08:00:00.000Z',
    body: `Wayfarer Market is also a place to learn the trade. Lecturers from tourism and hospitality programmes post projects: a field trip to plan, a festival production to staff, a walking tour to design.

## Apply alone or as a party

Students can apply individually or as a party: a team with a leader and members invited by their tagname. Each member states their expertise, and the application explains why the team is right for the brief.

## Shortlist, accept, deliver

The lecturer shortlists applicants, accepts the people they want and follows the work on the project dashboard. At the end, each participant gets a review.

## Points per expertise

Reviews award points per expertise (tour guiding, event production, photography and so on). Points add up on the [leaderboard](/leaderboard), a record of real work that students can show to future employers and customers.

If you teach and want to try it with your class, [register as a Lecturer](/register).`,
  },
] as const;
