import { describe, expect, it } from 'vitest';
import {
  HTTPS_IMAGE_URL,
  isWishlistImage,
  OWN_IMAGE_PATH,
  wishlistImageSchema,
} from '../../api/src/schemas/userdata';
import { runMap, runValidate } from '../src/testing';
import { source } from './helpers';
import * as fixtures from './userdb-fixtures';
import { box, draft, item, notification, now, wishlist } from './userdb-fixtures';

const validate = source('userdb/app/validate_doc_update.js');
const user = { name: 'wayfarer_gateway', roles: ['wayfarer_gateway'] };
const server = { name: 'admin', roles: ['_admin'] };
const run = (
  doc: Record<string, unknown>,
  old: Record<string, unknown> | null = null,
  ctx = user,
) => runValidate(validate, doc, old, ctx);
const orderMirror = fixtures.orderMirror as Record<string, unknown>;

describe('userdb/app/validate_doc_update.js', () => {
  it('lets the server (an admin) write anything', () => {
    expect(run(notification, null, server)).toBeNull();
    expect(run(orderMirror, null, server)).toBeNull();
    expect(run({ ...orderMirror, status: 'anything' }, null, server)).toBeNull();
  });

  it('accepts the user types in their shape', () => {
    expect(run(wishlist)).toBeNull();
    expect(run(item)).toBeNull();
    expect(run(draft)).toBeNull();
    expect(run(box)).toBeNull();
  });

  it('refuses server-owned types written by the user', () => {
    expect(run(notification)?.forbidden).toMatch(/written by the server/);
    expect(run(orderMirror)?.forbidden).toMatch(/written by the server/);
    expect(run({ ...notification, _deleted: true }, notification)?.forbidden).toMatch(
      /written by the server/,
    );
  });

  it('lets the user mark a notification read and nothing else', () => {
    expect(run({ ...notification, read_at: now }, notification)).toBeNull();
    expect(run({ ...notification, read_at: null }, { ...notification, read_at: now })).toBeNull();
    expect(
      run({ ...notification, read_at: now, title: 'Changed' }, notification)?.forbidden,
    ).toMatch(/Only read_at/);
    expect(run({ ...notification, read_at: 'yesterday' }, notification)?.forbidden).toMatch(
      /read_at/,
    );
    expect(run({ ...notification, extra: 1 }, notification)?.forbidden).toBeTruthy();
  });

  it('refuses malformed documents with a reason', () => {
    expect(run({ ...wishlist, visibility: 'friends' })?.forbidden).toMatch(/visibility/);
    expect(run({ ...wishlist, name: '' })?.forbidden).toMatch(/name/);
    expect(run({ ...wishlist, _id: 'other:1' })?.forbidden).toMatch(/wishlist:/);
    expect(run({ ...wishlist, admin: true })?.forbidden).toMatch(/Unknown field admin/);
    expect(run({ ...item, _id: 'wishitem:other' })?.forbidden).toMatch(/wishitem:<list_id>/);
    expect(run({ ...item, kind: 'order' })?.forbidden).toMatch(/kind/);
    expect(run({ ...draft, fields: 'text' })?.forbidden).toMatch(/fields/);
    expect(run({ ...draft, fields: { big: 'x'.repeat(200_001) } })?.forbidden).toMatch(/200 KB/);
    expect(run({ ...draft, updated_at: 'soon' })?.forbidden).toMatch(/updated_at/);
    expect(run({ ...draft, device: 42 })?.forbidden).toMatch(/device must be text/);
    const [version] = draft.recovered ?? [];
    expect(run({ ...draft, recovered: [{ ...version, extra: 1 }] })?.forbidden).toMatch(
      /Unknown field recovered.extra/,
    );
    expect(run({ ...draft, recovered: [{ ...version, updated_at: 'soon' }] })?.forbidden).toMatch(
      /recovered.updated_at/,
    );
    expect(run({ ...draft, recovered: ['text'] })?.forbidden).toMatch(/recovered holds/);
    expect(run({ _id: 'x', type: 'spaceship' })?.forbidden).toMatch(/Unknown document type/);
    expect(run({ _id: 'x' })?.forbidden).toMatch(/Unknown document type/);
    expect(run({ ...draft, type: 'wishlist' }, draft)?.forbidden).toMatch(
      /type of a document cannot change/,
    );
  });

  it('lets the user change only the "saved" relation of a project box entry', () => {
    const applied = { ...box, relations: ['applied'] };
    expect(
      run({ ...applied, relations: ['applied', 'saved'], notes: 'Bring boots' }, applied),
    ).toBeNull();
    expect(run({ ...box, relations: ['saved', 'joined'] }, box)?.forbidden).toMatch(
      /Only the "saved" relation/,
    );
    expect(run({ ...applied, relations: [] }, applied)?.forbidden).toMatch(
      /Only the "saved" relation/,
    );
    expect(run({ ...box, relations: ['posted'] })?.forbidden).toMatch(/Only the "saved" relation/);
    expect(run({ ...box, relations: ['saved', 'stolen'] })?.forbidden).toMatch(/Unknown relation/);
    expect(run({ ...applied, _deleted: true }, applied)?.forbidden).toMatch(/kept by the server/);
    expect(run({ ...box, _deleted: true }, box)).toBeNull();
  });

  it('lets the user delete their own documents', () => {
    expect(run({ _id: wishlist._id, _deleted: true }, wishlist)).toBeNull();
    expect(run({ _id: draft._id, _deleted: true }, draft)).toBeNull();
    expect(run({ _id: item._id, _deleted: true }, item)).toBeNull();
  });
});

describe('userdb/notifications/views/unread/map.js', () => {
  const map = source('userdb/notifications/views/unread/map.js');
  it('emits unread notifications only', () => {
    expect(runMap(map, notification)).toEqual([[now, null]]);
    expect(runMap(map, { ...notification, read_at: now })).toEqual([]);
    expect(runMap(map, draft)).toEqual([]);
  });
});

describe('userdb/app/views/by_type/map.js', () => {
  const map = source('userdb/app/views/by_type/map.js');
  it('emits [type, id] for typed documents', () => {
    expect(runMap(map, wishlist)).toEqual([[['wishlist', 'wishlist:abc'], null]]);
    expect(runMap(map, { _id: '_local/x' })).toEqual([]);
  });
});

describe('userdb/app/validate_doc_update.js: messages', () => {
  // Without a subject: the subject has tests of its own below.
  const { subject: _subject, ...pending } = fixtures.pending;

  it('lets the user write and withdraw a pending message', () => {
    expect(run(pending)).toBeNull();
    expect(run({ ...pending, body: 'Edited before sending' }, pending)).toBeNull();
    expect(run({ _id: pending._id, _deleted: true }, pending)).toBeNull();
    expect(
      run({
        ...pending,
        body: '',
        _attachments: { 'photo.jpg': { content_type: 'image/jpeg', data: 'AAAA' } },
      }),
    ).toBeNull();
  });

  it('refuses anything but a pending message in shape', () => {
    expect(run({ ...pending, status: 'delivered' })?.forbidden).toMatch(/status pending/);
    expect(run({ ...pending, body: 'x'.repeat(5001) })?.forbidden).toMatch(/5,000/);
    expect(run({ ...pending, body: '' })?.forbidden).toMatch(/text or an attachment/);
    expect(run({ ...pending, _id: 'message:other' })?.forbidden).toMatch(/message:<id>/);
    expect(run({ ...pending, from: 'someone-else' })?.forbidden).toMatch(/Unknown field from/);
    expect(run({ ...pending, _attachments: { a: { length: 10485761 } } })?.forbidden).toMatch(
      /10 MB/,
    );
    expect(
      run({ ...pending, _attachments: { a: { length: 1 }, b: { length: 1 } } })?.forbidden,
    ).toMatch(/at most one/);
  });

  it('lets a pending message say what it is about, in the API’s subject shape only', () => {
    const subject = { kind: 'gig', ref: 'g1', title: 'Gorée Island history walk (Half-day walk)' };
    expect(run({ ...pending, subject })).toBeNull();
    expect(run({ ...pending, subject: { ...subject, kind: 'villa' } })?.forbidden).toMatch(
      /subject.kind/,
    );
    expect(run({ ...pending, subject: { ...subject, ref: '' } })?.forbidden).toMatch(/subject.ref/);
    expect(run({ ...pending, subject: { ...subject, title: 'x'.repeat(201) } })?.forbidden).toMatch(
      /subject.title/,
    );
    expect(run({ ...pending, subject: { ...subject, price: 1 } })?.forbidden).toMatch(
      /Unknown field subject.price/,
    );
    expect(run({ ...pending, subject: 'gig' })?.forbidden).toMatch(/subject must be/);
    expect(run({ ...pending, subject: null })?.forbidden).toMatch(/subject must be/);
  });

  it('leaves sent messages and conversations to the server', () => {
    const delivered = { ...pending, status: 'delivered' };
    expect(run({ ...delivered, body: 'rewritten' }, delivered)?.forbidden).toMatch(
      /only by the server/,
    );
    expect(run({ _id: pending._id, _deleted: true }, delivered)?.forbidden).toMatch(
      /cannot be deleted/,
    );
    expect(run({ _id: 'conversation:x', type: 'conversation' })?.forbidden).toMatch(
      /written by the server/,
    );
    expect(run(delivered, null, server)).toBeNull();
  });

  it('accepts read markers in shape', () => {
    const { marker } = fixtures;
    expect(run(marker)).toBeNull();
    expect(run({ ...marker, _id: 'readmark:other' })?.forbidden).toMatch(
      /readmark:<conversation_id>/,
    );
  });
});

describe('order actions taken offline', () => {
  const action = {
    _id: 'orderaction:a1b2c3d4e5',
    type: 'order_action',
    id: 'a1b2c3d4e5',
    order_id: 'o1',
    action: 'accept',
    created_at: now,
    status: 'pending',
  };
  it('the user writes a pending action in shape; the server records its outcome', () => {
    expect(run(action)).toBeNull();
    expect(run({ ...action, action: 'revision', reason: 'Add the lunch stop.' })).toBeNull();
    expect(run({ ...action, action: 'refund' })?.forbidden).toMatch(/action is one of/);
    expect(run({ ...action, status: 'applied' })?.forbidden).toMatch(/status pending/);
    expect(run({ ...action, _id: 'orderaction:other' })?.forbidden).toMatch(/orderaction:<id>/);
    expect(run({ ...action, extra: 1 })?.forbidden).toMatch(/Unknown field extra/);
    const applied = { ...action, status: 'applied', outcome: 'Delivery accepted' };
    expect(run(applied, action)?.forbidden).toMatch(/Unknown field outcome/);
    expect(run(applied, action, server)).toBeNull();
    expect(run({ ...action, reason: 'changed my mind' }, applied)?.forbidden).toMatch(
      /changed only by the server once applied/,
    );
  });
  it('the order mirrors belong to the server', () => {
    const mirror = { _id: 'order:o1', type: 'order_mirror', status: 'delivered' };
    expect(run(mirror)?.forbidden).toMatch(/written by the server/);
    expect(run({ ...mirror, _deleted: true }, mirror)?.forbidden).toMatch(/written by the server/);
    expect(run(mirror, null, server)).toBeNull();
    const wallet = { _id: 'wallet', type: 'wallet_mirror', withdrawals: [] };
    expect(run(wallet)?.forbidden).toMatch(/written by the server/);
    expect(run(wallet, null, server)).toBeNull();
  });
});

describe('userdb/app/views/messages_by_conversation/map.js', () => {
  const map = source('userdb/app/views/messages_by_conversation/map.js');
  it('emits sent messages by conversation and send time', () => {
    expect(
      runMap(map, {
        type: 'message',
        conversation_id: 'conv:a:b',
        sent_at: now,
        created_at: '2026-01-01',
        status: 'delivered',
        from_me: true,
      }),
    ).toEqual([[['conv:a:b', now], { status: 'delivered', from_me: true }]]);
    expect(runMap(map, { type: 'message', status: 'pending', created_at: now })).toEqual([]);
  });
});

describe('wishlist item pictures', () => {
  const good = [
    '/api/gigs/AbC-12_x/images/0a1b2c3d4e5f',
    '/api/files/avatar/0123456789abcdef01234567?v=3f2a1b0c9d8e',
    '/api/files/avatar/0123456789abcdef01234567',
    'https://images.example.com/photos/kyoto.jpg',
    'https://cdn.example.org:8443/a/b.webp?w=400&h=300',
  ];
  const bad = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' https://images.example.com/a.jpg',
    'http://images.example.com/a.jpg',
    'data:image/svg+xml;base64,PHN2Zy8+',
    'https://user:pass@images.example.com/a.jpg',
    'https://images.example.com/a.jpg" onerror="alert(1)',
    'https://images.example.com/<script>',
    '//evil.example.com/a.jpg',
    '/api/user',
    '/api/gigs/abc/images/def/../../../admin',
    '/api/files/cv/0123456789abcdef01234567?v=1',
    '/logout',
    `https://images.example.com/${'a'.repeat(480)}`,
    '',
    42,
  ];

  it('accepts the app own image paths and https URLs, nothing else', () => {
    for (const image of good) expect(run({ ...item, image }), image).toBeNull();
    for (const image of bad) {
      expect(run({ ...item, image })?.forbidden, String(image)).toBe(
        "image must be one of the app's own image paths or an https URL.",
      );
    }
    expect(run({ ...item, image: null })).toBeNull();
  });

  it('agrees with the shared schema the API and the web app use', () => {
    for (const image of [...good, ...bad]) {
      expect(isWishlistImage(image), String(image)).toBe(run({ ...item, image }) === null);
      expect(wishlistImageSchema.safeParse(image).success, String(image)).toBe(
        run({ ...item, image }) === null,
      );
    }
    // The same patterns, character for character.
    for (const [name, pattern] of [
      ['OWN_IMAGE_PATH', OWN_IMAGE_PATH],
      ['HTTPS_IMAGE_URL', HTTPS_IMAGE_URL],
    ] as const) {
      const literal = new RegExp(`var ${name} = /(.+)/;`).exec(validate)?.[1];
      expect(literal, name).toBe(pattern.source);
    }
  });
});
