/**
 * The documents of a user's own database (`userdb-<hex>`), declared once: a zod schema and its
 * inferred type per document type. The API writes the server's documents through them (and
 * checks what it builds), the web app reads and writes them typed by them, and the tests of
 * design-docs/userdb/app/validate_doc_update.js (the check CouchDB runs on the user's writes,
 * plain ES5 with no imports) derive their fixtures from them, so the two cannot drift apart.
 *
 * Ids, limits and closed lists are in userdb-rules.ts (no zod: the web app imports those at
 * run time, these schemas only as types). Every document also carries CouchDB's own `_` fields.
 */
import { z } from 'zod';
import { lastMessageSchema, messageSubjectSchema, personSchema } from './inbox';
import { moneySchema } from './money';
import { wishlistImageSchema } from './userdata';
import {
  ATTACHMENT_MAX_BYTES,
  conversationDocId,
  draftId,
  jobMirrorId,
  projectMirrorId,
  applicationMirrorId,
  MESSAGE_ID_PATTERN,
  MESSAGE_MAX,
  MESSAGE_STATUSES,
  messageDocId,
  notificationId,
  OFFLINE_ORDER_ACTIONS,
  ORDER_ACTION_ID_PATTERN,
  ORDER_ACTION_STATUSES,
  ORDER_STATUSES,
  orderActionId,
  orderMirrorId,
  PROJECT_RELATIONS,
  projectBoxId,
  readMarkerId,
  USERDB_LIMITS as LIMITS,
  USERDB_PREFIX,
  WISHLIST_KINDS,
  WISHLIST_VISIBILITIES,
  WALLET_MIRROR_ID,
  wishlistItemId,
  type UserDocType,
} from './userdb-rules';
import { JOB_STATUSES, type Job, type Offer } from './jobs';
import {
  APPLICATION_STATUSES,
  PROJECT_STATUSES,
  type Project,
  type ProjectApplication,
  type ProjectSummary,
} from './projects';
import type { Balance, Order } from './orders';
import type { PayoutMethod, Withdrawal } from './withdrawals';

/**
 * A date as the documents hold it: ISO 8601 text (`toISOString()`). What validate_doc_update
 * accepts is what `Date.parse` reads, and so is this.
 */
const dateSchema = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date');

/** An attachment as a document carries it: inline (`data`: base64, or a Blob in the browser) or a stub. */
export const docAttachmentSchema = z.looseObject({
  content_type: z.string(),
  data: z.union([z.string(), z.instanceof(Blob)]).optional(),
  length: z.number().optional(),
  digest: z.string().optional(),
  stub: z.boolean().optional(),
});
export type DocAttachment = z.infer<typeof docAttachmentSchema>;

/** CouchDB's fields, on every document. */
const storedFields = {
  _id: z.string(),
  _rev: z.string().optional(),
  _deleted: z.boolean().optional(),
  _conflicts: z.array(z.string()).optional(),
  _attachments: z.record(z.string(), docAttachmentSchema).optional(),
};
/** What every document of a user's database has, read or written. */
export type StoredDoc = z.infer<z.ZodObject<typeof storedFields>>;

const text = (min: number, max: number) => z.string().min(min).max(max);
/** What a form's draft (or a recovered version of it) holds: a plain object of values. */
const fieldsSchema = z.record(z.string(), z.unknown());
/** The refinement that a document's `_id` is the one its fields make. */
const idIs = (pattern: string) => ({ message: `A ${pattern}.`, path: ['_id'] });

// Written by the user ---------------------------------------------------------------------------

/** A wishlist: `wishlist:<uuid>`. Its items are documents of their own. */
export const wishlistDocSchema = z.strictObject({
  ...storedFields,
  _id: z.string().startsWith(USERDB_PREFIX.wishlist),
  type: z.literal('wishlist'),
  name: text(1, LIMITS.wishlistName),
  visibility: z.enum(WISHLIST_VISIBILITIES),
  created_at: dateSchema,
  updated_at: dateSchema,
});
export type WishlistDoc = z.infer<typeof wishlistDocSchema>;

/** A saved gig, project or person in a list: `wishitem:<list_id>:<kind>:<ref>`. */
export const wishlistItemDocSchema = z
  .strictObject({
    ...storedFields,
    type: z.literal('wishlist_item'),
    list_id: text(1, LIMITS.listId),
    kind: z.enum(WISHLIST_KINDS),
    /** The gig or project id, or the person's tagname (their public address). */
    ref: text(1, LIMITS.itemRef),
    title: text(1, LIMITS.itemTitle),
    image: wishlistImageSchema.optional(),
    added_at: dateSchema,
  })
  .refine(
    (doc) => doc._id === wishlistItemId(doc.list_id, doc.kind, doc.ref),
    idIs('wishlist item id is wishitem:<list_id>:<kind>:<ref>'),
  );
export type WishlistItemDoc = z.infer<typeof wishlistItemDocSchema>;

/** A losing version of a draft, kept when two devices edited it apart. */
export const recoveredDraftSchema = z.strictObject({
  rev: z.string(),
  fields: fieldsSchema,
  updated_at: dateSchema,
  device: text(1, LIMITS.device).optional(),
});
export type RecoveredDraft = z.infer<typeof recoveredDraftSchema>;

/** A long form's text while it is typed: `draft:<form>:<key>` (attachments: picked images). */
export const draftDocSchema = z
  .strictObject({
    ...storedFields,
    type: z.literal('draft'),
    form: text(1, LIMITS.draftForm),
    key: text(1, LIMITS.draftKey),
    fields: fieldsSchema.refine(
      (fields) => JSON.stringify(fields).length <= LIMITS.draftFields,
      'A draft holds at most 200 KB of text.',
    ),
    updated_at: dateSchema,
    /** The device that wrote this version (a random id kept by the browser). */
    device: text(1, LIMITS.device).optional(),
    recovered: z.array(recoveredDraftSchema).optional(),
  })
  .refine((doc) => doc._id === draftId(doc.form, doc.key), idIs('draft id is draft:<form>:<key>'));
export type DraftDoc = z.infer<typeof draftDocSchema>;

/**
 * A project in the user's project box: `projectbox:<project_id>`. The user adds or removes only
 * the `saved` relation and writes the notes; the server writes the other relations.
 */
export const projectBoxDocSchema = z
  .strictObject({
    ...storedFields,
    type: z.literal('projectbox'),
    project_id: text(1, LIMITS.projectId),
    title: text(1, LIMITS.projectTitle),
    relations: z.array(z.enum(PROJECT_RELATIONS)),
    /** The user's private notes. */
    notes: z.string().max(LIMITS.notes),
    updated_at: dateSchema,
  })
  .refine(
    (doc) => doc._id === projectBoxId(doc.project_id),
    idIs('project box id is projectbox:<project_id>'),
  );
export type ProjectBoxDoc = z.infer<typeof projectBoxDocSchema>;

/** Written by the reader's device each time a conversation is viewed (read receipts). */
export const readMarkerDocSchema = z
  .strictObject({
    ...storedFields,
    type: z.literal('read_marker'),
    conversation_id: text(1, LIMITS.conversationId),
    read_at: dateSchema,
  })
  .refine(
    (doc) => doc._id === readMarkerId(doc.conversation_id),
    idIs('read marker id is readmark:<conversation_id>'),
  );
export type ReadMarkerDoc = z.infer<typeof readMarkerDocSchema>;

// Messages: the user writes them pending, the server the rest -----------------------------------

/** The bytes of an attachment: its stored length, or what its base64 data decodes to. */
function attachmentSize(attachment: DocAttachment): number {
  if (typeof attachment.length === 'number') return attachment.length;
  if (typeof attachment.data === 'string') return Math.floor((attachment.data.length * 3) / 4);
  return attachment.data instanceof Blob ? attachment.data.size : 0;
}

/** What every message satisfies: its id, at most one attachment of 10 MB, text or a file. */
function checkMessage(
  doc: { _id: string; id: string; body: string; _attachments?: Record<string, DocAttachment> },
  ctx: z.core.$RefinementCtx,
) {
  if (doc._id !== messageDocId(doc.id))
    ctx.addIssue({ code: 'custom', message: 'A message id is message:<id>.', path: ['_id'] });
  const attachments = Object.values(doc._attachments ?? {});
  if (attachments.some((attachment) => attachmentSize(attachment) > ATTACHMENT_MAX_BYTES))
    ctx.addIssue({
      code: 'custom',
      message: 'An attachment is at most 10 MB.',
      path: ['_attachments'],
    });
  if (attachments.length > 1)
    ctx.addIssue({
      code: 'custom',
      message: 'A message carries at most one attachment.',
      path: ['_attachments'],
    });
  if (doc.body.length === 0 && attachments.length === 0)
    ctx.addIssue({
      code: 'custom',
      message: 'A message needs text or an attachment.',
      path: ['body'],
    });
}

/** The fields the sender's device writes. */
const outgoingFields = {
  ...storedFields,
  type: z.literal('message'),
  /** The message's own id, chosen by the sender's device (`message:<id>` in both databases). */
  id: z.string().regex(MESSAGE_ID_PATTERN),
  /** The recipient's tagname, as the sender wrote it. */
  to: text(LIMITS.tagnameMin, LIMITS.tagnameMax),
  body: z.string().max(MESSAGE_MAX),
  created_at: dateSchema,
  subject: z.strictObject(messageSubjectSchema.shape).optional(),
};

/** An outgoing message as the user writes it: pending, until the server delivers or fails it. */
export const pendingMessageDocSchema = z
  .strictObject({ ...outgoingFields, status: z.literal('pending') })
  .superRefine(checkMessage);

/**
 * A message in either person's database: `message:<id>`. The sender's device writes it pending
 * (`pendingMessageDocSchema`); the server writes the recipient's copy and everything after.
 */
export const messageDocSchema = z
  .strictObject({
    ...outgoingFields,
    status: z.enum(MESSAGE_STATUSES),
    conversation_id: z.string().min(1).optional(),
    /** The sender's user id. */
    from: z.string().min(1).optional(),
    from_me: z.boolean().optional(),
    /** The recipient's user id. */
    to_id: z.string().min(1).optional(),
    sent_at: dateSchema.optional(),
    delivered_at: dateSchema.optional(),
    read_at: dateSchema.nullable().optional(),
    /** Why it was not delivered (status failed). */
    error: z.string().nullable().optional(),
  })
  .superRefine(checkMessage);
export type MessageDoc = z.infer<typeof messageDocSchema>;

// Written by the server -------------------------------------------------------------------------

/** One per pair of people, in both people's databases: `conversation:<conv:a:b>`. */
export const conversationDocSchema = z
  .strictObject({
    ...storedFields,
    type: z.literal('conversation'),
    conversation_id: z.string().min(1),
    other: z.strictObject(personSchema.shape),
    subject: z.strictObject(messageSubjectSchema.shape).nullable(),
    last_message: z.strictObject(lastMessageSchema.shape).nullable(),
    /** `unread_messages`' size, for the devices that show it. */
    unread_count: z.number().int().min(0),
    /**
     * The incoming messages not read yet (message id -> sent at): a set, so a delivery that runs
     * again (a retry, a resume after a crash) counts its message once.
     */
    unread_messages: z.record(z.string(), z.string()).optional(),
    last_read_at: dateSchema.nullable(),
    updated_at: dateSchema,
  })
  .refine(
    (doc) => doc._id === conversationDocId(doc.conversation_id),
    idIs('conversation id is conversation:<conversation_id>'),
  );
export type ConversationDoc = z.infer<typeof conversationDocSchema>;

/** `notification:<kind>:<key>`. The user may change only `read_at` (mark read or unread). */
export const notificationDocSchema = z
  .strictObject({
    ...storedFields,
    type: z.literal('notification'),
    kind: z.string().min(1),
    title: z.string(),
    body: z.string(),
    /** Where it leads, a path of the app. */
    link: z.string(),
    created_at: dateSchema,
    read_at: dateSchema.nullable(),
  })
  .refine(
    (doc) => doc._id.startsWith(notificationId(doc.kind, '')),
    idIs('notification id is notification:<kind>:<key>'),
  );
export type NotificationDoc = z.infer<typeof notificationDocSchema>;

/**
 * The user's copy of one of their orders, for reading offline: `order:<order_id>`, written by the
 * server after every change of the order (api/src/routes/orders/order-followup.ts; wf_market holds
 * the order itself). It is the order as the API shows it to this party (`Order`, with the actions
 * they could take when it was written), the party's role and when it was written. The fields
 * checked here are the ones the offline pages rely on; the rest is the `Order` type's.
 */
export const orderMirrorDocSchema = z
  .looseObject({
    ...storedFields,
    type: z.literal('order_mirror'),
    id: z.string().min(1),
    status: z.enum(ORDER_STATUSES),
    role: z.enum(['customer', 'agent']),
    /** id null: an order made from an offer that named no gig (issue 18). */
    gig: z.looseObject({ id: z.string().nullable(), title: z.string() }),
    total: z.strictObject(moneySchema.shape),
    actions: z.array(z.string()),
    timeline: z.array(z.looseObject({ at: dateSchema, event: z.string() })),
    created_at: dateSchema,
    /** The order's revision it was written from, and when. */
    source_rev: z.string().nullable(),
    mirrored_at: dateSchema,
  })
  .refine((doc) => doc._id === orderMirrorId(doc.id), idIs('order mirror id is order:<id>'));
export type OrderMirrorDoc = Order &
  StoredDoc & {
    type: 'order_mirror';
    role: 'customer' | 'agent';
    source_rev: string | null;
    mirrored_at: string;
  };

/**
 * The customer's copy of one of their jobs and its offers, for reading offline: `job:<job_id>`,
 * written by the server after every change of the job or its offers
 * (api/src/routes/jobs/job-followup.ts; wf_market holds the job and the offers themselves). The
 * job and offers are as the API shows them to the customer; the fields checked here are the ones
 * the offline pages rely on, the rest is the `Job` and `Offer` types'.
 */
export const jobMirrorDocSchema = z
  .looseObject({
    ...storedFields,
    type: z.literal('job_mirror'),
    id: z.string().min(1),
    job: z.looseObject({
      id: z.string().min(1),
      title: z.string(),
      status: z.enum(JOB_STATUSES),
      offer_count: z.number().int().min(0),
      created_at: dateSchema,
      expires_at: dateSchema,
    }),
    offers: z.array(
      z.looseObject({
        id: z.string().min(1),
        status: z.string(),
        price: z.strictObject(moneySchema.shape),
      }),
    ),
    mirrored_at: dateSchema,
  })
  .refine(
    (doc) => doc._id === jobMirrorId(doc.id) && doc.job.id === doc.id,
    idIs('job mirror id is job:<id>'),
  );
export type JobMirrorDoc = StoredDoc & {
  type: 'job_mirror';
  id: string;
  job: Job;
  offers: Offer[];
  mirrored_at: string;
};

/**
 * The lecturer's copy of one of their projects and its applications, for reading offline:
 * `project:<project_id>`, written by the server after every change of the project or its
 * applications (api/src/routes/projects/project-followup.ts; wf_projects holds the originals).
 * The project and applications are as the API shows them to the lecturer.
 */
export const projectMirrorDocSchema = z
  .looseObject({
    ...storedFields,
    type: z.literal('project_mirror'),
    id: z.string().min(1),
    project: z.looseObject({
      id: z.string().min(1),
      title: z.string(),
      status: z.enum(PROJECT_STATUSES),
      slots: z.number().int().min(1),
      slots_left: z.number().int().min(0),
      deadline: z.string(),
    }),
    applications: z.array(
      z.looseObject({ id: z.string().min(1), status: z.enum(APPLICATION_STATUSES) }),
    ),
    source_seq: z.number().int().min(0),
    mirrored_at: dateSchema,
  })
  .refine(
    (doc) => doc._id === projectMirrorId(doc.id) && doc.project.id === doc.id,
    idIs('project mirror id is project:<id>'),
  );
export type ProjectMirrorDoc = StoredDoc & {
  type: 'project_mirror';
  id: string;
  project: Project;
  applications: ProjectApplication[];
  source_seq: number;
  mirrored_at: string;
};

/**
 * A student's copy of an application they are in (alone, as a party's leader or as a member) and
 * its project: `application:<application_id>`, written by the server after every change of
 * either (api/src/routes/projects/project-followup.ts).
 */
export const applicationMirrorDocSchema = z
  .looseObject({
    ...storedFields,
    type: z.literal('application_mirror'),
    id: z.string().min(1),
    application: z.looseObject({
      id: z.string().min(1),
      project_id: z.string().min(1),
      status: z.enum(APPLICATION_STATUSES),
    }),
    project: z.looseObject({
      id: z.string().min(1),
      title: z.string(),
      status: z.enum(PROJECT_STATUSES),
    }),
    source_seq: z.number().int().min(0),
    mirrored_at: dateSchema,
  })
  .refine(
    (doc) =>
      doc._id === applicationMirrorId(doc.id) &&
      doc.application.id === doc.id &&
      doc.project.id === doc.application.project_id,
    idIs('application mirror id is application:<id>'),
  );
export type ApplicationMirrorDoc = StoredDoc & {
  type: 'application_mirror';
  id: string;
  application: ProjectApplication;
  project: ProjectSummary;
  source_seq: number;
  mirrored_at: string;
};

/**
 * An agent's wallet as they may read it offline: `wallet`, written by the server after every
 * change (api/src/routes/withdrawals/wallet.ts): the withdrawals (methods masked), the payout
 * methods (masked) and the balances when it was written.
 */
export const walletMirrorDocSchema = z
  .looseObject({
    ...storedFields,
    type: z.literal('wallet_mirror'),
    withdrawals: z.array(z.looseObject({ id: z.string(), status: z.string() })),
    methods: z.array(
      z.strictObject({ id: z.string(), type: z.enum(['bank', 'email']), masked: z.string() }),
    ),
    balance: z.record(z.string(), z.strictObject(moneySchema.shape)),
    mirrored_at: dateSchema,
  })
  .refine((doc) => doc._id === WALLET_MIRROR_ID, idIs('wallet mirror id is wallet'));
export type WalletMirrorDoc = StoredDoc & {
  type: 'wallet_mirror';
  withdrawals: Withdrawal[];
  methods: PayoutMethod[];
  balance: Balance;
  mirrored_at: string;
};

// Order actions: the user writes them pending, the server records the outcome ---------------------

const orderActionFields = {
  ...storedFields,
  type: z.literal('order_action'),
  id: z.string().min(8).max(64).regex(ORDER_ACTION_ID_PATTERN),
  order_id: text(1, LIMITS.orderId),
  action: z.enum(OFFLINE_ORDER_ACTIONS),
  reason: z.string().max(LIMITS.orderActionReason).optional(),
  message: z.string().max(LIMITS.orderActionMessage).optional(),
  created_at: dateSchema,
};
const orderActionIdMatches = (doc: { _id: string; id: string }) =>
  doc._id === orderActionId(doc.id);

/** An order action as the user's device writes it: pending until the server applies it. */
export const pendingOrderActionDocSchema = z
  .strictObject({ ...orderActionFields, status: z.literal('pending') })
  .refine(orderActionIdMatches, idIs('order action id is orderaction:<id>'));

/**
 * `orderaction:<id>`: an action on an order taken offline (api/src/routes/orders/order-actions.ts
 * applies it once when it syncs), with the outcome the server wrote back.
 */
export const orderActionDocSchema = z
  .strictObject({
    ...orderActionFields,
    status: z.enum(ORDER_ACTION_STATUSES),
    /** What happened (the timeline's event), or why it was refused. */
    outcome: z.string().optional(),
    decided_at: dateSchema.optional(),
  })
  .refine(orderActionIdMatches, idIs('order action id is orderaction:<id>'));
export type OrderActionDoc = z.infer<typeof orderActionDocSchema>;

// Every type ------------------------------------------------------------------------------------

/**
 * The schema of every document type (a message's as stored; what its sender may write is
 * `pendingMessageDocSchema`). Owners and id prefixes: `USERDB_DOC_TYPES`.
 */
export const USERDB_DOC_SCHEMAS = {
  wishlist: wishlistDocSchema,
  wishlist_item: wishlistItemDocSchema,
  draft: draftDocSchema,
  projectbox: projectBoxDocSchema,
  read_marker: readMarkerDocSchema,
  message: messageDocSchema,
  conversation: conversationDocSchema,
  notification: notificationDocSchema,
  order_mirror: orderMirrorDocSchema,
  order_action: orderActionDocSchema,
  wallet_mirror: walletMirrorDocSchema,
  job_mirror: jobMirrorDocSchema,
  project_mirror: projectMirrorDocSchema,
  application_mirror: applicationMirrorDocSchema,
} as const satisfies Record<UserDocType, z.ZodType<StoredDoc & { type: string }>>;

/** Any document of a user's database. */
export type UserDbDoc = z.infer<(typeof USERDB_DOC_SCHEMAS)[UserDocType]>;
