/**
 * The documents of a user's own database (`userdb-<hex>`) as plain values, free of zod, so the
 * web app can import them into any chunk: each type's id prefix and owner, the id builders, the
 * limits and the closed lists of values. userdb-docs.ts declares the documents' zod schemas with
 * these; design-docs/userdb/app/validate_doc_update.js enforces the same on the user's writes
 * (ES5, no imports), and design-docs/test/userdb.test.ts checks that both answer alike.
 */

/**
 * Who writes a type: `user`, the user's devices (through the sync gateway; the server may add to
 * some, such as the project box's relations); `server`, the API alone (the user may at most mark
 * a notification read); `shared`, a message: the user writes it pending, the server the rest.
 */
export type UserDocOwner = 'user' | 'server' | 'shared';

/** Every type of document in a user's database, with its id prefix and owner. */
export const USERDB_DOC_TYPES = {
  wishlist: { prefix: 'wishlist:', owner: 'user' },
  wishlist_item: { prefix: 'wishitem:', owner: 'user' },
  draft: { prefix: 'draft:', owner: 'user' },
  projectbox: { prefix: 'projectbox:', owner: 'user' },
  read_marker: { prefix: 'readmark:', owner: 'user' },
  message: { prefix: 'message:', owner: 'shared' },
  conversation: { prefix: 'conversation:', owner: 'server' },
  notification: { prefix: 'notification:', owner: 'server' },
  order_mirror: { prefix: 'order:', owner: 'server' },
  order_action: { prefix: 'orderaction:', owner: 'shared' },
  /** A customer's job and its offers (issue 18). */
  job_mirror: { prefix: 'job:', owner: 'server' },
  /** A lecturer's project and its applications (issue 19). */
  project_mirror: { prefix: 'project:', owner: 'server' },
  /** A student's application (alone, or each member of a team's) with its project (issue 19). */
  application_mirror: { prefix: 'application:', owner: 'server' },
  /** One per agent, id `wallet` exactly. */
  wallet_mirror: { prefix: 'wallet', owner: 'server' },
} as const satisfies Record<string, { prefix: string; owner: UserDocOwner }>;

export type UserDocType = keyof typeof USERDB_DOC_TYPES;

/** Id prefixes by document type: every query of the local database reads one id range. */
export const USERDB_PREFIX = {
  wishlist: USERDB_DOC_TYPES.wishlist.prefix,
  wishlistItem: USERDB_DOC_TYPES.wishlist_item.prefix,
  draft: USERDB_DOC_TYPES.draft.prefix,
  projectbox: USERDB_DOC_TYPES.projectbox.prefix,
  readMarker: USERDB_DOC_TYPES.read_marker.prefix,
  message: USERDB_DOC_TYPES.message.prefix,
  conversation: USERDB_DOC_TYPES.conversation.prefix,
  notification: USERDB_DOC_TYPES.notification.prefix,
  /** The notifications of new messages (`notification:message:<message id>`). */
  messageNotification: `${USERDB_DOC_TYPES.notification.prefix}message:`,
  orderMirror: USERDB_DOC_TYPES.order_mirror.prefix,
  orderAction: USERDB_DOC_TYPES.order_action.prefix,
  jobMirror: USERDB_DOC_TYPES.job_mirror.prefix,
  projectMirror: USERDB_DOC_TYPES.project_mirror.prefix,
  applicationMirror: USERDB_DOC_TYPES.application_mirror.prefix,
} as const;

// Ids ------------------------------------------------------------------------------------------

/** `wishitem:<list_id>:<kind>:<ref>`: one item per thing per list, so two devices never clash. */
export const wishlistItemId = (listId: string, kind: string, ref: string): string =>
  `${USERDB_PREFIX.wishlistItem}${listId}:${kind}:${ref}`;
/** `draft:<form>:<key>`. */
export const draftId = (form: string, key: string): string =>
  `${USERDB_PREFIX.draft}${form}:${key}`;
/** `projectbox:<project_id>`. */
export const projectBoxId = (projectId: string): string =>
  `${USERDB_PREFIX.projectbox}${projectId}`;
/** `readmark:<conversation_id>`. */
export const readMarkerId = (conversationId: string): string =>
  `${USERDB_PREFIX.readMarker}${conversationId}`;
/** `message:<id>`: the same id in the sender's and the recipient's database. */
export const messageDocId = (id: string): string => `${USERDB_PREFIX.message}${id}`;
/** `conversation:<conversation_id>`. */
export const conversationDocId = (conversationId: string): string =>
  `${USERDB_PREFIX.conversation}${conversationId}`;
/** `notification:<kind>:<key>`: deterministic, so a retried delivery writes it once. */
export const notificationId = (kind: string, key: string): string =>
  `${USERDB_PREFIX.notification}${kind}:${key}`;
/** `order:<order_id>`. */
export const orderMirrorId = (orderId: string): string => `${USERDB_PREFIX.orderMirror}${orderId}`;
/** `job:<job_id>`: the customer's copy of their job and its offers. */
export const jobMirrorId = (jobId: string): string => `${USERDB_PREFIX.jobMirror}${jobId}`;
/** `project:<project_id>`: the lecturer's copy of their project and its applications. */
export const projectMirrorId = (projectId: string): string =>
  `${USERDB_PREFIX.projectMirror}${projectId}`;
/** `application:<application_id>`: a student's copy of an application they are in. */
export const applicationMirrorId = (applicationId: string): string =>
  `${USERDB_PREFIX.applicationMirror}${applicationId}`;
/** `orderaction:<id>`: an action on an order taken offline, id chosen by the device. */
export const orderActionId = (id: string): string => `${USERDB_PREFIX.orderAction}${id}`;
/** The agent's wallet mirror: one document, `wallet`. */
export const WALLET_MIRROR_ID = USERDB_DOC_TYPES.wallet_mirror.prefix;

/** One conversation per pair of people: `conv:<idA>:<idB>`, the ids sorted (both sides agree). */
export const conversationIdFor = (a: string, b: string): string =>
  `conv:${[a, b].sort().join(':')}`;

/** The link a message notification carries: the conversation in the inbox. */
export const conversationLink = (conversationId: string): string =>
  `/inbox/${encodeURIComponent(conversationId)}`;

/** A message id (the part after `message:`): chosen by the sender's device. */
export const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** An order action's id (after `orderaction:`): chosen by the device too. */
export const ORDER_ACTION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

// Values ---------------------------------------------------------------------------------------

export const WISHLIST_VISIBILITIES = ['public', 'private'] as const;
export type WishlistVisibility = (typeof WISHLIST_VISIBILITIES)[number];

/** What a wishlist item saves: a gig, a project or a person. */
export const WISHLIST_KINDS = ['gig', 'project', 'user'] as const;
export type WishlistKind = (typeof WISHLIST_KINDS)[number];

/** A project's relations to the user, in the order they are stored and shown. */
export const PROJECT_RELATIONS = ['posted', 'applied', 'joined', 'saved'] as const;
export type ProjectRelation = (typeof PROJECT_RELATIONS)[number];

export const MESSAGE_STATUSES = ['pending', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a conversation may be about. */
export const SUBJECT_KINDS = ['gig', 'job', 'order', 'project', 'profile'] as const;

/** The states of an order (PRODUCT.md, Order; the machine: api/src/routes/orders/order-machine.ts). */
export const ORDER_STATUSES = [
  'pending_payment',
  'in_progress',
  'delivered',
  'revision_requested',
  'completed',
  'cancelled',
  'disputed',
  'expired',
] as const;

/** What a party may do to an order while offline (applied by the server when it syncs). */
export const OFFLINE_ORDER_ACTIONS = [
  'accept',
  'revision',
  'cancel',
  'cancel_accept',
  'cancel_decline',
  'dispute',
  'start',
  'deliver',
] as const;
export type OfflineOrderAction = (typeof OFFLINE_ORDER_ACTIONS)[number];
export const ORDER_ACTION_STATUSES = ['pending', 'applied', 'refused'] as const;

// Limits ---------------------------------------------------------------------------------------

/** A message's text, in characters. */
export const MESSAGE_MAX = 5000;
/** A message's one attachment, in bytes. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Lengths in characters (min 1 unless said). */
export const USERDB_LIMITS = {
  wishlistName: 60,
  listId: 100,
  itemRef: 200,
  itemTitle: 200,
  image: 500,
  draftForm: 40,
  draftKey: 100,
  /** A draft's fields, as JSON text. */
  draftFields: 200_000,
  device: 100,
  projectId: 100,
  projectTitle: 200,
  /** Min 0. */
  notes: 5000,
  conversationId: 120,
  orderId: 80,
  /** Min 0: an order action's reason, and a delivery's message. */
  orderActionReason: 2000,
  orderActionMessage: 5000,
  /** A recipient's tagname as the sender wrote it: 3 to 30. */
  tagnameMin: 3,
  tagnameMax: 30,
  subjectRef: 100,
  subjectTitle: 200,
} as const;
