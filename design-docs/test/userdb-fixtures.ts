// One valid document of every type of a user's database, built with the shared ids and parsed by
// the shared schemas (api/src/schemas/userdb-docs.ts): the tests of validate_doc_update start
// from these, so a fixture the schemas do not accept fails here first.
import {
  conversationDocSchema,
  draftDocSchema,
  jobMirrorDocSchema,
  projectMirrorDocSchema,
  applicationMirrorDocSchema,
  messageDocSchema,
  notificationDocSchema,
  orderActionDocSchema,
  orderMirrorDocSchema,
  pendingMessageDocSchema,
  pendingOrderActionDocSchema,
  projectBoxDocSchema,
  readMarkerDocSchema,
  wishlistDocSchema,
  walletMirrorDocSchema,
  wishlistItemDocSchema,
} from '../../api/src/schemas/userdb-docs';
import {
  conversationDocId,
  conversationIdFor,
  conversationLink,
  draftId,
  jobMirrorId,
  projectMirrorId,
  applicationMirrorId,
  messageDocId,
  notificationId,
  orderActionId,
  orderMirrorId,
  projectBoxId,
  readMarkerId,
  WALLET_MIRROR_ID,
  wishlistItemId,
} from '../../api/src/schemas/userdb-rules';

export const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const conv = conversationIdFor('user-a', 'user-b');
const amara = {
  id: 'user-b',
  tagname: 'amara_guides',
  full_name: 'Amara Diallo',
  avatar: null,
};

export const wishlist = wishlistDocSchema.parse({
  _id: 'wishlist:abc',
  type: 'wishlist',
  name: 'Kyoto ideas',
  visibility: 'private',
  created_at: now,
  updated_at: now,
});

export const item = wishlistItemDocSchema.parse({
  _id: wishlistItemId('wishlist:abc', 'gig', 'g1'),
  type: 'wishlist_item',
  list_id: 'wishlist:abc',
  kind: 'gig',
  ref: 'g1',
  title: 'Food walk',
  image: '/api/gigs/g1/images/i1',
  added_at: now,
});

export const draft = draftDocSchema.parse({
  _id: draftId('gig', 'new'),
  type: 'draft',
  form: 'gig',
  key: 'new',
  fields: { title: 'Half-day walk' },
  updated_at: now,
  device: 'device-1',
  recovered: [
    { rev: '2-abc', fields: { title: 'Half day walk' }, updated_at: now, device: 'device-2' },
  ],
});

export const box = projectBoxDocSchema.parse({
  _id: projectBoxId('p1'),
  type: 'projectbox',
  project_id: 'p1',
  title: 'Field trip',
  relations: ['saved'],
  notes: '',
  updated_at: now,
});

export const marker = readMarkerDocSchema.parse({
  _id: readMarkerId(conv),
  type: 'read_marker',
  conversation_id: conv,
  read_at: now,
});

/** An outgoing message as the sender's device writes it. */
export const pending = pendingMessageDocSchema.parse({
  _id: messageDocId('abcdef123456'),
  type: 'message',
  id: 'abcdef123456',
  to: 'amara_guides',
  body: '**Hello**',
  created_at: now,
  status: 'pending',
  subject: { kind: 'gig', ref: 'g1', title: 'Gorée Island history walk (Half-day walk)' },
});

/** The same message once the server delivered it (the sender's copy). */
export const delivered = messageDocSchema.parse({
  ...pending,
  status: 'delivered',
  conversation_id: conv,
  from: 'user-a',
  from_me: true,
  to_id: 'user-b',
  sent_at: now,
  delivered_at: now,
  read_at: null,
  error: null,
});

export const conversation = conversationDocSchema.parse({
  _id: conversationDocId(conv),
  type: 'conversation',
  conversation_id: conv,
  other: amara,
  subject: null,
  last_message: { id: 'abcdef123456', body: '**Hello**', from_me: true, at: now },
  unread_count: 0,
  unread_messages: {},
  last_read_at: null,
  updated_at: now,
});

export const notification = notificationDocSchema.parse({
  _id: notificationId('message', 'abcdef123456'),
  type: 'notification',
  kind: 'message',
  title: 'New message from Amara Diallo',
  body: 'Hi',
  link: conversationLink(conv),
  created_at: now,
  read_at: null,
});

export const orderMirror = orderMirrorDocSchema.parse({
  _id: orderMirrorId('o1'),
  type: 'order_mirror',
  id: 'o1',
  status: 'in_progress',
  role: 'customer',
  gig: { id: 'g1', title: 'Food walk', service_id: 'tour-guide' },
  total: { amount: 12_000, currency: 'USD' },
  actions: ['cancel'],
  timeline: [
    {
      at: now,
      actor: { kind: 'customer', id: 'u1', name: 'Sofia' },
      event: 'Order placed',
      note: null,
    },
  ],
  created_at: now,
  source_rev: '3-abc',
  mirrored_at: later,
});

export const jobMirror = jobMirrorDocSchema.parse({
  _id: jobMirrorId('j1'),
  type: 'job_mirror',
  id: 'j1',
  job: {
    id: 'j1',
    title: 'A guide for three days in Lisbon',
    status: 'open',
    offer_count: 1,
    created_at: now,
    expires_at: later,
  },
  offers: [{ id: 'j1-u2', status: 'pending', price: { amount: 45_000, currency: 'USD' } }],
  mirrored_at: later,
});

export const projectMirror = projectMirrorDocSchema.parse({
  _id: projectMirrorId('p1'),
  type: 'project_mirror',
  id: 'p1',
  project: {
    id: 'p1',
    title: 'A walking tour of the old port',
    status: 'open',
    slots: 2,
    slots_left: 1,
    deadline: '2027-03-14',
  },
  applications: [{ id: 'p1:u:s1', status: 'accepted' }],
  source_seq: 3,
  mirrored_at: later,
});

export const applicationMirror = applicationMirrorDocSchema.parse({
  _id: applicationMirrorId('p1:t:s1'),
  type: 'application_mirror',
  id: 'p1:t:s1',
  application: { id: 'p1:t:s1', project_id: 'p1', status: 'pending' },
  project: { id: 'p1', title: 'A walking tour of the old port', status: 'open' },
  source_seq: 2,
  mirrored_at: later,
});

export const pendingAction = pendingOrderActionDocSchema.parse({
  _id: orderActionId('act12345'),
  type: 'order_action',
  id: 'act12345',
  order_id: 'o1',
  action: 'revision',
  reason: 'Please add the lunch stop.',
  created_at: now,
  status: 'pending',
});

export const appliedAction = orderActionDocSchema.parse({
  ...pendingAction,
  status: 'applied',
  outcome: 'Revision requested',
  decided_at: later,
});

export const walletMirror = walletMirrorDocSchema.parse({
  _id: WALLET_MIRROR_ID,
  type: 'wallet_mirror',
  withdrawals: [{ id: 'w1', status: 'requested' }],
  methods: [{ id: 'm1', type: 'bank', masked: 'Kenji Morimoto · GB82 •••• 5432' }],
  balance: { available: { amount: 1000, currency: 'USD' } },
  mirrored_at: now,
});
