import { Hono } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { ValidationError } from '../../lib/errors';
import {
  createJobSchema,
  createOfferSchema,
  jobSearchSchema,
  myJobsQuerySchema,
  myOffersQuerySchema,
  savedSearchSchema,
  updateJobSchema,
  updateOfferSchema,
} from '../../schemas/jobs';
import { readOrderUpload } from '../orders/order-files';
import { endpoints } from '../endpoint';
import { deleteSavedSearch, listSavedSearches, saveSearch, searchBoard } from './job-board';
import { addJobFiles, readJobFile } from './job-files';
import * as jobs from './jobs.service';
import { uploadedFileHeaders } from '../../lib/uploaded-file';

const endpoint = endpoints({ tag: 'Jobs', auth: 'required' });

const JOB = '{job} with the actions the caller may take now';
const OFFER = '{offer} with the actions the caller may take now';
const OFFER_CHANGE = {
  200: OFFER,
  403: 'Not the one who may do this',
  404: 'No such offer, or not yours',
  409: 'Not pending, or the job is no longer open',
};

/** Jobs and offers (issue 18): posting, the board, offers, accepting one into an order. */
export function jobRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/jobs',
      endpoint({
        summary: 'Post a job: what the customer needs, a budget, dates; open for offers',
        auth: 'verified',
        permission: 'job.create',
        body: createJobSchema,
        responses: { 201: JOB },
      }),
      async (c) => {
        const job = await jobs.createJob(deps, currentAuth(c).user, c.req.valid('json'));
        return c.json({ job }, 201);
      },
    )
    .get(
      '/jobs',
      endpoint({
        summary: "The jobs board: open jobs, the agent's services first, then newest",
        description:
          'Filters as gig search: `q` (every word), `service`, `destination`, `min_budget`/`max_budget` (cents: jobs whose budget reaches into the range), `date_from`/`date_to` (the trip overlaps). Reads at most 2,000 index rows per pass; past that, `total` is a lower bound.',
        permission: 'job.browse',
        query: jobSearchSchema,
        responses: { 200: '{data: [job], meta}' },
      }),
      async (c) => c.json(await searchBoard(deps, currentAuth(c).user, c.req.valid('query'))),
    )
    .get(
      '/jobs/mine',
      endpoint({
        summary: "The customer's jobs (open, closed, expired) with their offer counts",
        permission: 'job.create',
        query: myJobsQuerySchema,
        responses: { 200: '{data: [job], meta}' },
      }),
      async (c) => c.json(await jobs.myJobs(deps, currentAuth(c).user, c.req.valid('query'))),
    )
    .get(
      '/jobs/saved-searches',
      endpoint({
        summary: "The agent's saved searches of the board",
        permission: 'job.browse',
        responses: { 200: '{data: [saved search]}' },
      }),
      async (c) => c.json({ data: await listSavedSearches(deps, currentAuth(c).user) }),
    )
    .post(
      '/jobs/saved-searches',
      endpoint({
        summary: 'Save a search of the board: new matching jobs are notified (at most 10)',
        permission: 'job.browse',
        body: savedSearchSchema,
        responses: { 201: '{search}', 409: 'Already 10 saved searches' },
      }),
      async (c) =>
        c.json({ search: await saveSearch(deps, currentAuth(c).user, c.req.valid('json')) }, 201),
    )
    .delete(
      '/jobs/saved-searches/:id',
      endpoint({
        summary: 'Delete a saved search',
        permission: 'job.browse',
        responses: { 204: 'Deleted', 404: 'No such saved search of yours' },
      }),
      async (c) => {
        await deleteSavedSearch(deps, currentAuth(c).user, c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .get(
      '/jobs/:id',
      endpoint({
        summary: 'A job: its customer sees every offer, an agent their own',
        description:
          'The customer gets `offers` (every offer); an agent sees an open job, or one they offered on, with `my_offer`; nobody else sees offers.',
        responses: { 200: '{job, offers?}', 404: 'No such job, or not visible to the caller' },
      }),
      async (c) => c.json(await jobs.getJob(deps, currentAuth(c).user, c.req.param('id'))),
    )
    .patch(
      '/jobs/:id',
      endpoint({
        summary: 'Edit an open job (its customer; until an offer is accepted)',
        permission: 'job.create',
        body: updateJobSchema,
        responses: {
          200: JOB,
          404: 'No such job, or not yours',
          409: 'The job is closed or expired',
        },
      }),
      async (c) =>
        c.json({
          job: await jobs.updateJob(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.valid('json'),
          ),
        }),
    )
    .post(
      '/jobs/:id/close',
      endpoint({
        summary: 'Close an open job (its customer): pending offers are declined',
        permission: 'job.create',
        responses: { 200: JOB, 404: 'No such job, or not yours', 409: 'Not open' },
      }),
      async (c) =>
        c.json({ job: await jobs.closeJob(deps, currentAuth(c).user, c.req.param('id')) }),
    )
    .post(
      '/jobs/:id/attachments',
      endpoint({
        summary:
          'The customer adds files to an open job (multipart `files`: images or PDF, 5 MB each)',
        permission: 'job.create',
        responses: {
          200: JOB,
          404: 'No such job, or not yours',
          409: 'Not open, or already 5 files',
          413: 'A file over 5 MB',
          415: 'Not an image or a PDF',
        },
      }),
      async (c) => {
        const upload = await readOrderUpload(c);
        if (!upload.files.length) throw ValidationError.field('files', 'Choose a file to upload.');
        return c.json({
          job: await addJobFiles(deps, currentAuth(c).user, c.req.param('id'), upload.files),
        });
      },
    )
    .get(
      '/jobs/:id/files/:fileId',
      endpoint({
        summary: "A job's file (whoever may see the job)",
        responses: {
          200: { description: 'The file', media: 'application/octet-stream' },
          404: 'No such file, or the job is not visible to the caller',
        },
      }),
      async (c) => {
        const id = c.req.param('id');
        await jobs.getJob(deps, currentAuth(c).user, id);
        const file = await readJobFile(deps, id, c.req.param('fileId'));
        uploadedFileHeaders(c, file.contentType);
        c.header('Cache-Control', 'private, max-age=3600');
        c.header(
          'Content-Disposition',
          `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${file.name.replace(/[^\w. -]/g, '_')}"`,
        );
        return c.body(new Uint8Array(file.data));
      },
    )
    .post(
      '/jobs/:id/offers',
      endpoint({
        summary: "An agent's offer on an open job (one per agent per job)",
        auth: 'verified',
        permission: 'offer.create',
        body: createOfferSchema,
        responses: {
          201: OFFER,
          404: 'No such job',
          409: 'Already offered, or the job is closed or expired',
        },
      }),
      async (c) => {
        const offer = await jobs.createOffer(
          deps,
          currentAuth(c).user,
          c.req.param('id'),
          c.req.valid('json'),
        );
        return c.json({ offer }, 201);
      },
    )
    .get(
      '/offers/mine',
      endpoint({
        summary: "The agent's offers, each with its job's title",
        permission: 'offer.create',
        query: myOffersQuerySchema,
        responses: { 200: '{data: [offer], meta}' },
      }),
      async (c) => c.json(await jobs.myOffers(deps, currentAuth(c).user, c.req.valid('query'))),
    )
    .patch(
      '/offers/:id',
      endpoint({
        summary: 'The agent edits their pending offer',
        permission: 'offer.create',
        body: updateOfferSchema,
        responses: OFFER_CHANGE,
      }),
      async (c) =>
        c.json({
          offer: await jobs.updateOffer(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.valid('json'),
          ),
        }),
    )
    .post(
      '/offers/:id/withdraw',
      endpoint({
        summary: 'The agent withdraws their pending offer',
        permission: 'offer.create',
        responses: OFFER_CHANGE,
      }),
      async (c) =>
        c.json({ offer: await jobs.withdrawOffer(deps, currentAuth(c).user, c.req.param('id')) }),
    )
    .post(
      '/offers/:id/decline',
      endpoint({
        summary: "The job's customer declines a pending offer",
        permission: 'job.create',
        responses: OFFER_CHANGE,
      }),
      async (c) =>
        c.json({ offer: await jobs.declineOffer(deps, currentAuth(c).user, c.req.param('id')) }),
    )
    .post(
      '/offers/:id/accept',
      endpoint({
        summary: 'The customer accepts an offer: an order at its terms, pending payment',
        description:
          'The job closes and the other offers are declined. Two accepts at once (two tabs, two offers) make one order; the same offer accepted again answers the same order.',
        permission: 'job.create',
        responses: {
          201: '{order} (status pending_payment; pay it at checkout)',
          403: 'Not the job’s customer',
          404: 'No such offer, or not yours',
          409: 'The job is closed or expired, or the offer is not pending',
        },
      }),
      async (c) =>
        c.json(
          { order: await jobs.acceptOffer(deps, currentAuth(c).user, c.req.param('id')) },
          201,
        ),
    );
}
