// The review rules the web app shows without validating anything (the gig page's reviews list, a
// review's text limit): a module without zod, so that page does not download the validation
// library. Every name is also exported by ./reviews, with the schemas.

/** Days after an order's completion during which both sides may review it. */
export const REVIEW_WINDOW_DAYS = 14;
/** The second "leave a review" reminder goes out this many days before the window closes. */
export const REVIEW_REMINDER_DAYS_BEFORE_CLOSE = 3;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
