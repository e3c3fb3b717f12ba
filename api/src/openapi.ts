import { z } from 'zod';
import {
  adminUserPatchSchema,
  blockSchema,
  blogInputSchema,
  contactPatchSchema,
  gigFieldsSchema,
  gigPatchSchema,
  serviceInputSchema,
  changePasswordSchema,
  contactMessageSchema,
  deleteAccountSchema,
  loginSchema,
  passwordEmailSchema,
  passwordResetSchema,
  registerSchema,
  sendMessageSchema,
  updateProfileSchema,
  updateTagnameSchema,
  verifyEmailSchema,
} from './schemas';
import {
  cardSchema,
  createOrderSchema,
  deliverSchema,
  disputeSchema,
  reasonSchema,
  resolveDisputeSchema,
  revisionSchema,
} from './schemas/orders';
import {
  payoutMethodsSchema,
  withdrawalApproveSchema,
  withdrawalRejectSchema,
  withdrawalRequestSchema,
} from './schemas/withdrawals';

interface Operation {
  summary: string;
  auth?: boolean;
  body?: z.ZodType;
  multipart?: boolean;
  responses: Record<number, string>;
}

/**
 * Every endpoint, documented once. A test checks that each route the app registers is listed
 * here, so the document cannot fall behind the code.
 */
export const OPERATIONS: Record<string, Operation> = {
  'GET /api/health': {
    summary: 'API and database status',
    responses: { 200: 'Both up', 503: 'The database is unreachable' },
  },
  'GET /api/getServices': {
    summary: 'Active services [{id, name}] (also accepts the spec’s GET with a text/plain body)',
    responses: { 200: 'The list' },
  },
  'GET /api/openapi.json': { summary: 'This document', responses: { 200: 'OpenAPI 3.1' } },
  'POST /api/register': {
    summary: 'Create an account and a session; sends the verification mail',
    body: registerSchema,
    responses: {
      201: '{token, user, expires_at, session_expires_at}',
      422: 'Field errors',
      429: 'Rate limited',
    },
  },
  'POST /api/login': {
    summary: 'Start a session',
    body: loginSchema,
    responses: {
      200: '{token, user, expires_at, session_expires_at}',
      403: 'Suspended',
      422: 'Bad credentials (on email)',
      429: 'Rate limited',
    },
  },
  'POST /api/admin/login': {
    summary: 'Start a session, administrators only',
    body: loginSchema,
    responses: {
      200: 'Session',
      403: 'Not an administrator',
      422: 'Bad credentials',
      429: 'Rate limited',
    },
  },
  'POST /api/token/refresh': {
    summary: 'Exchange a (possibly expired) token for a fresh one while its session lives',
    auth: true,
    responses: { 200: '{token, expires_at, session_expires_at}', 401: 'Session ended' },
  },
  'POST /api/logout': {
    summary: 'Revoke this session',
    auth: true,
    responses: { 204: 'Done', 401: 'Not signed in' },
  },
  'POST /api/email/verify/:id': {
    summary: 'Verify an email address with the mailed link',
    body: verifyEmailSchema,
    responses: { 200: 'Verified', 403: 'Invalid or expired link', 422: 'Incomplete link' },
  },
  'POST /api/email/resend': {
    summary: 'Send a new verification link',
    auth: true,
    responses: { 202: 'Sent', 401: 'Not signed in' },
  },
  'POST /api/password/email': {
    summary: 'Mail a password reset link (same answer whether or not the address exists)',
    body: passwordEmailSchema,
    responses: { 200: 'Done', 422: 'Field errors', 429: 'Rate limited' },
  },
  'POST /api/password/reset': {
    summary:
      'Set a new password with a mailed token (single use, 60 minutes); signs out every session',
    body: passwordResetSchema,
    responses: { 200: 'Done', 422: 'Invalid or expired token, or field errors' },
  },
  'GET /api/user': {
    summary: 'The signed-in user with projects and wishlists',
    auth: true,
    responses: { 200: '{user, projects, wishlists}', 401: 'Not signed in' },
  },
  'PATCH /api/user': {
    summary: 'Update profile fields',
    auth: true,
    body: updateProfileSchema,
    responses: { 200: '{user}', 422: 'Field errors' },
  },
  'DELETE /api/user': {
    summary: 'Delete the account, its sessions, files and database',
    auth: true,
    body: deleteAccountSchema,
    responses: { 204: 'Deleted', 422: 'Wrong password' },
  },
  'PUT /api/user/password': {
    summary: 'Change the password; other sessions are revoked',
    auth: true,
    body: changePasswordSchema,
    responses: { 200: 'Changed', 422: 'Wrong current password or field errors' },
  },
  'PUT /api/user/tagname': {
    summary: 'Choose or change the tagname',
    auth: true,
    body: updateTagnameSchema,
    responses: { 200: '{user}', 422: 'Taken or malformed' },
  },
  'GET /api/tagname/availability': {
    summary: 'Whether a tagname is free (?tagname=)',
    auth: true,
    responses: { 200: '{tagname, available, reason?}', 422: 'Malformed' },
  },
  'POST /api/user/avatar': {
    summary: 'Upload the profile picture (PNG, JPEG or WebP, at most 2 MB; field "file")',
    auth: true,
    multipart: true,
    responses: { 200: '{user}', 413: 'Too large', 415: 'Not an image', 422: 'No file' },
  },
  'POST /api/user/cv': {
    summary: 'Upload a CV (PDF, at most 5 MB; field "file")',
    auth: true,
    multipart: true,
    responses: { 200: '{user}', 413: 'Too large', 415: 'Not a PDF', 422: 'No file' },
  },
  'GET /api/projectbox': {
    summary: 'The signed-in user’s project box (posted, applied, joined, saved)',
    auth: true,
    responses: { 200: '{data: [entry]}', 401: 'Not signed in' },
  },
  'GET /api/user/:tagname/wishlists': {
    summary: 'A member’s public wishlists',
    responses: { 200: '{data: [wishlist]}', 404: 'No such member' },
  },
  'GET /api/user/:tagname': {
    summary: 'A public profile (never the email)',
    responses: { 200: 'Public user', 404: 'No such member' },
  },
  'GET /api/files/:kind/:userId': {
    summary:
      'A profile file: an avatar (public, cached for a year when ?v= is given) or a CV (its owner and admins only, never cached)',
    responses: {
      200: 'The file',
      401: 'A CV, without a session',
      403: 'A CV, neither its owner nor an admin',
      404: 'None',
    },
  },
  'GET /api/services/:id': {
    summary: 'A public service page (active services only)',
    responses: { 200: '{id, name, description, icon}', 404: 'No such service' },
  },
  'POST /api/contact': {
    summary: 'Send a message to the team; stored for admins, confirmed by mail',
    body: contactMessageSchema,
    responses: { 201: 'Received', 422: 'Field errors', 429: 'Rate limited' },
  },
  'GET /api/blogs': {
    summary: 'Published blog posts, newest first (?page=&per_page=)',
    responses: { 200: '{data, meta}', 422: 'Bad pagination' },
  },
  'GET /api/blogs/:slug': {
    summary: 'One published post (Markdown body)',
    responses: { 200: 'The post', 404: 'No such post' },
  },
  'ALL /api/sync/db/*': {
    summary:
      'The caller’s own database in the CouchDB replication protocol (GET /, _changes, _revs_diff, _bulk_docs, _bulk_get, _all_docs, _local/*, documents); anything else is 403. Query parameters and JSON bodies are allow-listed (the _changes filter only _doc_ids); a document body’s _id must be the path’s',
    auth: true,
    responses: {
      200: 'As CouchDB answers (error reasons reduced to one line)',
      400: 'A query parameter, value or body the gateway does not take, a body nested over 64 levels, or a body _id other than the path’s',
      401: 'No, expired or revoked token (open feeds end when the session is revoked)',
      403: 'Not available through the gateway',
      502: 'The database failed the request',
      503: 'The database is unavailable',
    },
  },
  'GET /api/sync': {
    summary: 'The sync server’s identity (PouchDB names checkpoints after it)',
    responses: { 200: '{couchdb, version, vendor, uuid}' },
  },
  'GET /api/sync/': { summary: 'Same as GET /api/sync', responses: { 200: 'As above' } },
  'ALL /api/sync/db': {
    summary: 'Database information (GET, HEAD)',
    auth: true,
    responses: { 200: 'As CouchDB answers', 401: 'No token' },
  },
  'GET /api/inbox': {
    summary: 'Conversations, newest first (?search= by name or text)',
    auth: true,
    responses: { 200: '{data: [conversation]}', 401: 'Not signed in' },
  },
  'POST /api/inbox/messages': {
    summary: 'Send a Markdown message (id chosen by the client: a retry is stored once)',
    auth: true,
    body: sendMessageSchema,
    responses: {
      201: '{message}',
      403: 'Blocked or unverified',
      409: 'Another message has this id',
      422: 'Self, unknown tagname or too long',
    },
  },
  'GET /api/inbox/blocked': {
    summary: 'People you blocked',
    auth: true,
    responses: { 200: '{data: [person]}' },
  },
  'POST /api/inbox/blocked': {
    summary: 'Block a member: their messages are refused',
    auth: true,
    body: blockSchema,
    responses: { 204: 'Blocked', 422: 'Unknown or self' },
  },
  'DELETE /api/inbox/blocked/:tagname': {
    summary: 'Unblock a member',
    auth: true,
    responses: { 204: 'Unblocked' },
  },
  'GET /api/inbox/:conversationId/messages': {
    summary: 'Messages of one of your conversations, oldest first (?before=&limit=)',
    auth: true,
    responses: { 200: '{data: [message]}', 404: 'Not your conversation' },
  },
  'POST /api/inbox/:conversationId/read': {
    summary: 'Mark a conversation read (read receipts)',
    auth: true,
    responses: { 204: 'Done', 404: 'Not your conversation' },
  },
  'GET /api/blogs/:slug/cover': {
    summary: 'A published post’s cover image',
    responses: { 200: 'The image', 404: 'None' },
  },
  'GET /api/admin/stats': {
    summary: 'Dashboard figures (views with reduce)',
    auth: true,
    responses: { 200: 'Stats', 401: 'Guest', 403: 'Not an admin' },
  },
  'GET /api/admin/users': {
    summary: 'Users (?search=&role=&status=&verified=&sort=newest|oldest|name&page=&per_page=)',
    auth: true,
    responses: { 200: '{data, meta}', 401: 'Guest', 403: 'Not an admin', 422: 'Bad filters' },
  },
  'GET /api/admin/users/:id': {
    summary: 'A user with activity, counts and audit entries',
    auth: true,
    responses: { 200: 'Details', 404: 'No such user' },
  },
  'PATCH /api/admin/users/:id': {
    summary: 'Change role, suspend or reactivate (sessions are revoked), mark the email verified',
    auth: true,
    body: adminUserPatchSchema,
    responses: {
      200: '{user}',
      404: 'No such user',
      409: 'Not on your own account',
      422: 'Field errors',
    },
  },
  'DELETE /api/admin/users/:id': {
    summary: 'Delete a user and everything only theirs',
    auth: true,
    responses: { 204: 'Deleted', 404: 'No such user', 409: 'Not yourself' },
  },
  'GET /api/admin/audit': {
    summary: 'The audit log, newest first',
    auth: true,
    responses: { 200: '{data, meta}' },
  },
  'GET /api/admin/services': {
    summary: 'All services with their gig counts',
    auth: true,
    responses: { 200: '{data}' },
  },
  'POST /api/admin/services': {
    summary: 'Create a service (unique name)',
    auth: true,
    body: serviceInputSchema,
    responses: { 201: '{service}', 422: 'Field errors' },
  },
  'GET /api/admin/services/:id': {
    summary: 'One service',
    auth: true,
    responses: { 200: '{service}', 404: 'No such service' },
  },
  'PUT /api/admin/services/:id': {
    summary: 'Edit, activate or deactivate a service',
    auth: true,
    body: serviceInputSchema,
    responses: { 200: '{service}', 404: 'None', 422: 'Field errors' },
  },
  'DELETE /api/admin/services/:id': {
    summary: 'Delete a service without gigs',
    auth: true,
    responses: { 204: 'Deleted', 404: 'None', 409: 'It has gigs: deactivate instead' },
  },
  'GET /api/admin/contact-messages': {
    summary: 'Contact messages (?status=open|handled)',
    auth: true,
    responses: { 200: '{data, meta}' },
  },
  'PATCH /api/admin/contact-messages/:id': {
    summary: 'Mark a contact message handled or open again',
    auth: true,
    body: contactPatchSchema,
    responses: { 200: 'Done', 404: 'None' },
  },
  'GET /api/admin/blog': {
    summary: 'All posts, drafts included',
    auth: true,
    responses: { 200: '{data}' },
  },
  'POST /api/admin/blog': {
    summary: 'Write a post (Markdown); published or draft',
    auth: true,
    body: blogInputSchema,
    responses: { 201: '{post}', 422: 'Field errors' },
  },
  'GET /api/admin/blog/:slug': {
    summary: 'One post',
    auth: true,
    responses: { 200: '{post}', 404: 'None' },
  },
  'PUT /api/admin/blog/:slug': {
    summary: 'Edit, publish or unpublish a post',
    auth: true,
    body: blogInputSchema,
    responses: { 200: '{post}', 404: 'None', 422: 'Field errors' },
  },
  'DELETE /api/admin/blog/:slug': {
    summary: 'Delete a post',
    auth: true,
    responses: { 204: 'Deleted', 404: 'None' },
  },
  'POST /api/admin/blog/:slug/cover': {
    summary: 'Upload a post’s cover image (field "file")',
    auth: true,
    multipart: true,
    responses: { 200: '{post}', 413: 'Too large', 415: 'Not an image' },
  },
  'GET /api/gigs': {
    summary:
      'Search active gigs (?q=&service=&min_price=&max_price=&delivery_days=&language=&destination=&min_rating=&sort=relevance|newest|price_asc|price_desc|rating&page=&per_page=); every sort is exact over all matches (ties: price by newest, then a fixed order); meta.total_capped when the total counts only the matches read so far (a search reads only as far as the page needs; sorted by relevance it reads at most 300 index rows, so its pages end there)',
    responses: { 200: '{data, meta}', 422: 'Bad filters' },
  },
  'POST /api/gigs': {
    summary: 'Create a gig (Agents, verified email); draft or active',
    auth: true,
    body: gigFieldsSchema,
    responses: { 201: '{gig}', 403: 'Not an agent or unverified', 422: 'Field errors' },
  },
  'GET /api/gigs/:id': {
    summary: 'A gig (drafts and paused gigs for their owner and admins only)',
    responses: { 200: '{gig}', 404: 'No such gig' },
  },
  'PATCH /api/gigs/:id': {
    summary: 'Edit a gig or change its status (owner or admin)',
    auth: true,
    body: gigPatchSchema,
    responses: { 200: '{gig}', 403: 'Not yours', 409: 'Changed meanwhile', 422: 'Field errors' },
  },
  'DELETE /api/gigs/:id': {
    summary: 'Delete a gig (owner or admin; refused while an order is open)',
    auth: true,
    responses: { 204: 'Deleted', 403: 'Not yours', 409: 'Open orders' },
  },
  'POST /api/gigs/:id/images': {
    summary: 'Add an image (PNG, JPEG or WebP, at most 2 MB, at most 6 per gig; field "file")',
    auth: true,
    multipart: true,
    responses: { 200: '{gig}', 409: 'Already 6', 413: 'Too large', 415: 'Not an image' },
  },
  'DELETE /api/gigs/:id/images/:imageId': {
    summary: 'Remove an image',
    auth: true,
    responses: { 200: '{gig}', 404: 'None' },
  },
  'GET /api/gigs/:id/images/:imageId': {
    summary: 'A gig image (cached for a year; ids are never reused)',
    responses: { 200: 'The image', 404: 'None' },
  },
  'GET /api/agent/gigs': {
    summary: 'The signed-in agent’s gigs, every status',
    auth: true,
    responses: { 200: '{data}', 403: 'Not an agent' },
  },
  'GET /api/agent/stats': {
    summary:
      'The signed-in agent’s gig views and wishlist saves per UTC day (last 30 days), totals, and per gig the 30-day and all-time figures and orders',
    auth: true,
    responses: { 200: '{days, totals, gigs}', 403: 'Not an agent' },
  },
  'GET /api/dev/mail': {
    summary:
      'The local mail outbox (not in production): to an admin session, or to a request from this machine with no forwarding header',
    responses: { 200: '{data: [mail]}', 403: 'Neither an admin nor a direct local request' },
  },
  'POST /api/orders': {
    summary:
      'Order a gig: {gig_id, tier, extras: [extra index], service_date, service_end_date?, travellers, meeting_place?, requirements}; Idempotency-Key makes a repeat the same order',
    auth: true,
    body: createOrderSchema,
    responses: {
      201: '{order} (status pending_payment, total as money)',
      403: 'Not a customer / unverified',
      422: 'Field errors',
    },
  },
  'GET /api/orders': {
    summary:
      "The caller's orders: ?as=customer|agent&status=&q=&page=&per_page= with counts per status",
    auth: true,
    responses: { 200: '{data, meta, counts}', 422: 'Bad query' },
  },
  'GET /api/orders/:id': {
    summary: 'One order (its parties and admins), with the actions the caller may take now',
    auth: true,
    responses: { 200: '{order}', 404: 'Not found or not yours' },
  },
  'POST /api/orders/:id/pay': {
    summary:
      'Pay by card through the payment provider (sandbox: 4242424242424242 succeeds, 4000000000000002 is declined, 4000000000000119 fails once)',
    auth: true,
    body: cardSchema,
    responses: {
      200: '{order} in progress, paid into escrow',
      402: 'Declined, with a message',
      403: 'Not the customer',
      409: 'Not payable now (paid, expired, in progress)',
      422: 'Field errors',
    },
  },
  'POST /api/orders/:id/start': {
    summary: 'The agent starts the work (from then on cancelling takes both parties)',
    auth: true,
    responses: { 200: '{order}', 403: 'Not the agent', 409: 'Wrong state' },
  },
  'POST /api/orders/:id/deliver': {
    summary: 'The agent delivers: JSON {message} or multipart with message and up to 5 files',
    auth: true,
    body: deliverSchema,
    responses: {
      200: '{order} delivered',
      403: 'Not the agent',
      409: 'Wrong state',
      413: 'A file over 5 MB',
      415: 'Not an image or PDF',
    },
  },
  'POST /api/orders/:id/attachments': {
    summary: 'The customer adds requirement files (multipart "files", images or PDF, 5 MB each)',
    auth: true,
    multipart: true,
    responses: { 200: '{order}', 403: 'Not the customer', 409: 'Wrong state' },
  },
  'GET /api/orders/:id/files/:fileId': {
    summary: 'A requirement or delivery file (parties and admins)',
    auth: true,
    responses: { 200: 'The file', 404: 'Not found or not yours' },
  },
  'POST /api/orders/:id/accept': {
    summary: 'The customer accepts the delivery: completed, escrow released minus the fee',
    auth: true,
    responses: { 200: '{order}', 403: 'Not the customer', 409: 'Wrong state' },
  },
  'POST /api/orders/:id/revision': {
    summary: "The customer asks for a revision {reason}, within the package's revisions",
    auth: true,
    body: revisionSchema,
    responses: { 200: '{order}', 403: 'Not the customer', 409: 'Wrong state or none left' },
  },
  'POST /api/orders/:id/cancel': {
    summary:
      'Cancel {reason}: at once when allowed (customer before the work starts or once late; agent before payment), else a request to the other party',
    auth: true,
    body: reasonSchema,
    responses: { 200: '{order}', 403: 'Not a party', 409: 'Wrong state or already requested' },
  },
  'POST /api/orders/:id/cancel/accept': {
    summary: "Accept the other party's cancellation request: cancelled and refunded",
    auth: true,
    responses: { 200: '{order}', 403: 'Your own request', 409: 'No request' },
  },
  'POST /api/orders/:id/cancel/decline': {
    summary: "Decline the other party's cancellation request",
    auth: true,
    responses: { 200: '{order}', 403: 'Your own request', 409: 'No request' },
  },
  'POST /api/orders/:id/dispute': {
    summary: 'Open a dispute {reason} on a delivered order or one in revision',
    auth: true,
    body: disputeSchema,
    responses: { 200: '{order}', 403: 'Not a party', 409: 'Wrong state' },
  },
  'GET /api/balance': {
    summary:
      "The caller's balances derived from the ledger, as money: available, pending_clearance, pending_payout, withdrawn, earned (agent); spent, in_escrow (customer)",
    auth: true,
    responses: {
      200: '{available, pending_clearance, pending_payout, withdrawn, earned, spent, in_escrow}',
    },
  },
  'GET /api/admin/orders': {
    summary: 'Every order: ?status=&q=&page=&per_page=, with counts per status',
    auth: true,
    responses: { 200: '{data, meta, counts}', 403: 'Not an administrator' },
  },
  'GET /api/admin/orders/:id': {
    summary: 'One order with its timeline and deliveries',
    auth: true,
    responses: { 200: '{order}', 404: 'Not found' },
  },
  'GET /api/admin/disputes': {
    summary: 'The dispute queue (disputed orders, newest first)',
    auth: true,
    responses: { 200: '{data, meta, counts}', 403: 'Not an administrator' },
  },
  'POST /api/admin/disputes/:id/resolve': {
    summary:
      'Resolve a dispute {outcome: complete|refund, refund_amount?, note}: release, or refund in full or in part; audited',
    auth: true,
    body: resolveDisputeSchema,
    responses: { 200: '{order}', 409: 'Not disputed', 422: 'Field errors' },
  },
  'GET /api/admin/ledger/check': {
    summary: 'Reconcile every order against its ledger entries: {ok, checked_orders, differences}',
    auth: true,
    responses: {
      200: '{ok, checked_orders, checked_entries, sums, negative_balances, differences}',
    },
  },
  'GET /api/user/payout-methods': {
    summary: "The agent's payout methods, masked: {methods: [{id, type, masked}]}",
    auth: true,
    responses: { 200: '{methods}', 403: 'Not an agent' },
  },
  'PUT /api/user/payout-methods': {
    summary:
      'Replace the payout methods: {methods: [{type: "bank", holder, iban, bic} | {type: "email", email}]} (IBAN checksum checked)',
    auth: true,
    body: payoutMethodsSchema,
    responses: { 200: '{methods} masked', 403: 'Not an agent', 422: 'Field errors' },
  },
  'GET /api/withdrawals': {
    summary: "The agent's withdrawals, newest first: ?status=&page=&per_page=",
    auth: true,
    responses: { 200: '{data, meta}', 403: 'Not an agent' },
  },
  'POST /api/withdrawals': {
    summary:
      'Ask for a withdrawal {amount: {amount, currency}, payout_method_id}, at most the available balance, at least WITHDRAWAL_MIN_AMOUNT',
    auth: true,
    body: withdrawalRequestSchema,
    responses: { 201: '{withdrawal} requested', 403: 'Not an agent', 422: 'Field errors' },
  },
  'POST /api/withdrawals/:id/cancel': {
    summary: 'Cancel a withdrawal still requested; the amount is available again',
    auth: true,
    responses: { 200: '{withdrawal}', 404: 'Not yours', 409: 'Not requested any more' },
  },
  'GET /api/admin/withdrawals': {
    summary: 'The withdrawal queue: ?status=requested|paid|rejected|cancelled&page=&per_page=',
    auth: true,
    responses: { 200: '{data, meta}', 403: 'Not an administrator' },
  },
  'POST /api/admin/withdrawals/:id/approve': {
    summary: 'Mark a withdrawal paid {reference}; audited, the agent is told',
    auth: true,
    body: withdrawalApproveSchema,
    responses: { 200: '{withdrawal}', 404: 'None', 409: 'Decided already', 422: 'Field errors' },
  },
  'POST /api/admin/withdrawals/:id/reject': {
    summary:
      'Reject a withdrawal {reason}; the amount is available again; audited, the agent is told',
    auth: true,
    body: withdrawalRejectSchema,
    responses: { 200: '{withdrawal}', 404: 'None', 409: 'Decided already', 422: 'Field errors' },
  },
  'GET /api/admin/finance': {
    summary:
      'Gross volume, fees, escrow held, pending clearance, pending payouts, paid out (per month too) and the ledger check',
    auth: true,
    responses: { 200: 'The figures', 403: 'Not an administrator' },
  },
  'POST /api/dev/clock': {
    summary: 'TEST_CLOCK only, from this machine: move the clock {advance_ms} and run the timers',
    body: z.object({ advance_ms: z.number().int().min(0) }),
    responses: { 200: '{now}', 403: 'No test clock' },
  },
};

export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, op] of Object.entries(OPERATIONS)) {
    const [method, route] = key.split(' ') as [string, string];
    const openApiPath = route.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters = [...route.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    paths[openApiPath] ??= {};
    paths[openApiPath][method.toLowerCase()] = {
      summary: op.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(op.auth ? { security: [{ bearer: [] }] } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }),
                },
              },
            },
          }
        : {}),
      ...(op.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: { file: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(op.responses).map(([status, description]) => [status, { description }]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wayfarer Market API',
      version,
      description:
        'Errors are {message, errors?}; 422 carries field errors. Lists are {data, meta: {page, per_page, total, last_page}}. Money is {amount, currency} in minor units.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
