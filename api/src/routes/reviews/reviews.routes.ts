import { Hono } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import {
  adminReviewListQuerySchema,
  hideReviewSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewReplySchema,
  reviewReportSchema,
  userReviewListQuerySchema,
} from '../../schemas/reviews';
import { audit } from '../admin/admin-audit.service';
import { endpoints } from '../endpoint';
import * as reviews from './reviews.service';

const endpoint = endpoints({ tag: 'Reviews', auth: 'required' });

const WRITE = {
  403: 'An admin (only the order’s customer and agent review it)',
  404: 'No such order, or not yours',
  409: 'Not completed, already reviewed, or the review window closed',
};

/** Reviews (issue 17): writing, the lists of gigs and members, the reply, votes and reports. */
export function reviewRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/orders/:id/review',
      endpoint({
        summary: 'Review the other side of a completed order (once, within the review window)',
        description:
          'The customer sends `{rating, communication, as_described, would_recommend, text}`, the agent `{rating, text}`. The review stays pending (seen by its author alone) until both sides are in or the window closes.',
        permission: 'review.write',
        body: reviewInputSchema,
        responses: { 201: '{review}', ...WRITE },
      }),
      async (c) =>
        c.json(
          {
            review: await reviews.writeReview(
              deps,
              currentAuth(c).user,
              c.req.param('id'),
              c.req.valid('json'),
            ),
          },
          201,
        ),
    )
    .put(
      '/orders/:id/review',
      endpoint({
        summary: 'Edit your review of an order while it is pending',
        permission: 'review.write',
        body: reviewInputSchema,
        responses: {
          200: '{review}',
          ...WRITE,
          404: 'No such order or no review of yours',
          409: 'Published already, or the window closed',
        },
      }),
      async (c) =>
        c.json({
          review: await reviews.editReview(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.valid('json'),
          ),
        }),
    )
    .get(
      '/orders/:id/reviews',
      endpoint({
        summary: "An order's reviews as one of its parties sees them",
        description:
          'Your own review in any state; the other side’s once published (before that only whether it exists).',
        responses: {
          200: '{window_closes_at, can_review, mine, theirs, theirs_submitted}',
          ...WRITE,
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await reviews.orderReviews(deps, currentAuth(c).user, c.req.param('id')));
      },
    )
    .get(
      '/gigs/:id/reviews',
      endpoint({
        summary: "A gig's published reviews, newest or most helpful first, with its figures",
        auth: 'optional',
        query: reviewListQuerySchema,
        responses: { 200: '{data: [review], meta: {…, average, count, histogram}}' },
      }),
      async (c) =>
        c.json(
          await reviews.gigReviews(
            deps,
            c.get('auth')?.user,
            c.req.param('id'),
            c.req.valid('query'),
          ),
        ),
    )
    .get(
      '/users/:tagname/reviews',
      endpoint({
        summary: 'The published reviews a member received (as agent, customer or both)',
        auth: 'optional',
        query: userReviewListQuerySchema,
        responses: {
          200: '{data: [review], meta: {…, average, count, histogram}}',
          404: 'No such member',
        },
      }),
      async (c) =>
        c.json(
          await reviews.userReviews(
            deps,
            c.get('auth')?.user,
            c.req.param('tagname'),
            c.req.valid('query'),
          ),
        ),
    )
    .post(
      '/reviews/:id/reply',
      endpoint({
        summary: 'The reviewed agent replies to a published customer review, once',
        body: reviewReplySchema,
        responses: {
          201: '{review}',
          403: 'Not the agent the review is about',
          404: 'No such review',
          409: 'Already replied',
        },
      }),
      async (c) =>
        c.json(
          {
            review: await reviews.replyToReview(
              deps,
              currentAuth(c).user,
              c.req.param('id'),
              c.req.valid('json').text,
            ),
          },
          201,
        ),
    )
    .post(
      '/reviews/:id/helpful',
      endpoint({
        summary: 'Mark a review helpful (once per member, however often sent)',
        responses: { 200: '{review}', 403: 'Your own review', 404: 'No such review' },
      }),
      async (c) =>
        c.json({
          review: await reviews.setHelpful(deps, currentAuth(c).user, c.req.param('id'), true),
        }),
    )
    .delete(
      '/reviews/:id/helpful',
      endpoint({
        summary: 'Take back your helpful mark',
        responses: { 200: '{review}', 403: 'Your own review', 404: 'No such review' },
      }),
      async (c) =>
        c.json({
          review: await reviews.setHelpful(deps, currentAuth(c).user, c.req.param('id'), false),
        }),
    )
    .post(
      '/reviews/:id/report',
      endpoint({
        summary: 'Report a review to the moderators, with a reason (once per member)',
        permission: 'review.report',
        body: reviewReportSchema,
        responses: {
          201: '{}',
          403: 'Your own review',
          404: 'No such review',
          409: 'Already reported',
        },
      }),
      async (c) => {
        await reviews.reportReview(
          deps,
          currentAuth(c).user,
          c.req.param('id'),
          c.req.valid('json'),
        );
        return c.json({}, 201);
      },
    );
}

const adminEndpoint = endpoints({ tag: 'Admin: reviews', permission: 'review.moderate' });

/** `/api/admin/reviews...`: the moderation queue, hiding and unhiding (audited). */
export function adminReviewRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/reviews',
      adminEndpoint({
        summary: 'Reviews by moderation status (reported by default), with their reports',
        query: adminReviewListQuerySchema,
        responses: { 200: '{data: [review with reports], meta}' },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await reviews.adminReviews(deps, currentAuth(c).user, c.req.valid('query')));
      },
    )
    .post(
      '/reviews/:id/hide',
      adminEndpoint({
        summary: 'Hide a published review with a note: it no longer counts anywhere',
        description: 'The note is shown to the author; the action goes to the audit log.',
        body: hideReviewSchema,
        responses: { 200: '{review}', 404: 'No such published review', 409: 'Already hidden' },
      }),
      async (c) => {
        const admin = currentAuth(c).user;
        const { note } = c.req.valid('json');
        const { before, after } = await reviews.moderate(
          deps,
          admin,
          c.req.param('id'),
          true,
          note,
        );
        await audit(
          deps,
          admin,
          'review.hide',
          `review:${after.id}`,
          { hidden: before.hidden },
          {
            hidden: after.hidden,
            note,
          },
        );
        return c.json({ review: await reviews.adminReview(deps, admin, after) });
      },
    )
    .post(
      '/reviews/:id/unhide',
      adminEndpoint({
        summary: 'Show a hidden review again: it counts again',
        description: 'The action goes to the audit log.',
        responses: { 200: '{review}', 404: 'No such published review', 409: 'Not hidden' },
      }),
      async (c) => {
        const admin = currentAuth(c).user;
        const { before, after } = await reviews.moderate(
          deps,
          admin,
          c.req.param('id'),
          false,
          null,
        );
        await audit(
          deps,
          admin,
          'review.unhide',
          `review:${after.id}`,
          { hidden: before.hidden },
          {
            hidden: after.hidden,
          },
        );
        return c.json({ review: await reviews.adminReview(deps, admin, after) });
      },
    );
}
