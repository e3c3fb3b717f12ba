// The user database's validate_doc_update (plain ES5, run by CouchDB) and the shared schemas of
// its documents (api/src/schemas/userdb-docs.ts, used by the API and the web app) must say the
// same. Starting from one valid document of each type (userdb-fixtures.ts), every field is tried
// with values derived from its schema (each bound of its length, each option of its list, a
// missing value, values of the wrong kind, nested fields too) and with an unknown field; both must
// accept or refuse each variant alike. A rule added on one side only fails here.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  pendingMessageDocSchema,
  pendingOrderActionDocSchema,
  USERDB_DOC_SCHEMAS,
  type StoredDoc,
} from '../../api/src/schemas/userdb-docs';
import {
  draftId,
  messageDocId,
  orderActionId,
  projectBoxId,
  readMarkerId,
  USERDB_DOC_TYPES,
  wishlistItemId,
  type UserDocType,
} from '../../api/src/schemas/userdb-rules';
import { runValidate } from '../src/testing';
import { source } from './helpers';
import * as fixtures from './userdb-fixtures';

const validate = source('userdb/app/validate_doc_update.js');
const user = { name: 'wayfarer_gateway', roles: ['wayfarer_gateway'] };
const server = { name: 'admin', roles: ['_admin'] };

type Doc = Record<string, unknown>;
const accepted = (doc: Doc, old: Doc | null, ctx = user) =>
  runValidate(validate, doc, old, ctx) === null;
const valid = (schema: z.ZodType, doc: Doc) => schema.safeParse(doc).success;

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** Values of the wrong kind, tried in place of every field. */
const WRONG_KINDS: unknown[] = [null, 42, true, '', 'a', 'ab!cdefgh', [], {}];

interface Variant {
  /** What changed: `field = value`, `field.nested = value`, `list[0] = value`. */
  label: string;
  value: unknown;
}

const show = (value: unknown) =>
  value === undefined ? 'missing' : (JSON.stringify(value) ?? String(value)).slice(0, 40);
const at = (path: string, value: unknown): Variant => ({
  label: `${path} = ${show(value)}`,
  value,
});

/**
 * The values to try in place of `value` (valid for `schema`) at `path`: those of the wrong kind,
 * and those the schema draws a line between (lengths at and past each bound, each option and one
 * more, a missing value, each nested field of an object or of a list's first entry).
 */
function tries(schema: z.ZodType, value: unknown, path: string): Variant[] {
  const def = defOf(schema);
  const out = WRONG_KINDS.map((wrong) => at(path, wrong));
  switch (def.type) {
    case 'optional':
      out.push(at(path, undefined), ...tries(def.innerType!, value, path));
      break;
    case 'nullable':
      out.push(at(path, null), ...tries(def.innerType!, value, path));
      break;
    case 'string': {
      const { minLength: min, maxLength: max } = schema as z.ZodString;
      const lengths = [
        min,
        min !== null && min > 0 ? min - 1 : null,
        max,
        max === null ? null : max + 1,
      ];
      for (const length of lengths) if (length !== null) out.push(at(path, 'a'.repeat(length)));
      break;
    }
    case 'enum': {
      const options = (schema as z.ZodEnum).options;
      for (const option of [...options, `not-${String(options[0])}`]) out.push(at(path, option));
      break;
    }
    case 'literal': {
      const values = [...(schema as z.ZodLiteral).values];
      for (const literal of [...values, `not-${String(values[0])}`]) out.push(at(path, literal));
      break;
    }
    case 'array': {
      const list = Array.isArray(value) ? (value as unknown[]) : [];
      for (const entry of tries(def.element!, list[0], `${path}[0]`)) {
        if (entry.value !== undefined)
          out.push({ label: entry.label, value: [entry.value, ...list.slice(1)] });
      }
      break;
    }
    case 'object':
      if (value && typeof value === 'object' && !Array.isArray(value))
        out.push(...fieldVariants(schema as z.ZodObject, value as Doc, `${path}.`));
      break;
    case 'record':
      out.push(at(path, { key: 'value' }));
      break;
  }
  return out;
}

/** `doc` with one field changed (removed, for undefined) at a time, and with an unknown field. */
function fieldVariants(schema: z.ZodObject, doc: Doc, prefix = ''): Variant[] {
  const variants: Variant[] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    // CouchDB's own fields are not the design document's, and another type is another shape.
    if (key.startsWith('_') || key === 'type') continue;
    for (const { label, value } of tries(field as z.ZodType, doc[key], `${prefix}${key}`)) {
      const changed: Doc = { ...doc, [key]: value };
      if (value === undefined) delete changed[key];
      variants.push({ label, value: changed });
    }
  }
  variants.push({ label: `${prefix}unknown_field = 1`, value: { ...doc, unknown_field: 1 } });
  return variants;
}

const str = (value: unknown) => String(value);

interface UserWritten {
  type: UserDocType;
  schema: z.ZodObject;
  example: StoredDoc & Doc;
  /** The id the document's fields make: kept in step with each variant. */
  idOf: (doc: Doc) => string;
  /** A rule on the change rather than the shape (checked with the old document too). */
  allowedFrom?: (doc: Doc, old: Doc | null) => boolean;
  /** Cases the field variants do not reach. */
  extra?: { label: string; doc: Doc }[];
}

const USER_WRITTEN: UserWritten[] = [
  {
    type: 'wishlist',
    schema: USERDB_DOC_SCHEMAS.wishlist,
    example: fixtures.wishlist,
    idOf: (doc) => str(doc._id),
    extra: [{ label: 'another prefix', doc: { ...fixtures.wishlist, _id: 'other:abc' } }],
  },
  {
    type: 'wishlist_item',
    schema: USERDB_DOC_SCHEMAS.wishlist_item,
    example: fixtures.item,
    idOf: (doc) => wishlistItemId(str(doc.list_id), str(doc.kind), str(doc.ref)),
    extra: [
      { label: 'no picture', doc: { ...fixtures.item, image: null } },
      { label: 'a javascript: picture', doc: { ...fixtures.item, image: 'javascript:alert(1)' } },
      { label: 'an https picture', doc: { ...fixtures.item, image: 'https://example.com/a.jpg' } },
    ],
  },
  {
    type: 'draft',
    schema: USERDB_DOC_SCHEMAS.draft,
    example: fixtures.draft,
    idOf: (doc) => draftId(str(doc.form), str(doc.key)),
    extra: [
      {
        label: 'fields of 200 KB',
        doc: { ...fixtures.draft, fields: { big: 'x'.repeat(199_990) } },
      },
      {
        label: 'fields past 200 KB',
        doc: { ...fixtures.draft, fields: { big: 'x'.repeat(200_001) } },
      },
      { label: 'nothing recovered', doc: { ...fixtures.draft, recovered: [] } },
    ],
  },
  {
    type: 'projectbox',
    schema: USERDB_DOC_SCHEMAS.projectbox,
    example: fixtures.box,
    idOf: (doc) => projectBoxId(str(doc.project_id)),
    // The user sets only "saved"; the server's relations stay as they were.
    allowedFrom: (doc, old) => {
      const before = (old?.relations as string[] | undefined) ?? [];
      const after = doc.relations as string[];
      return ['posted', 'applied', 'joined'].every((r) => before.includes(r) === after.includes(r));
    },
  },
  {
    type: 'read_marker',
    schema: USERDB_DOC_SCHEMAS.read_marker,
    example: fixtures.marker,
    idOf: (doc) => readMarkerId(str(doc.conversation_id)),
  },
  {
    type: 'message',
    schema: pendingMessageDocSchema,
    example: fixtures.pending,
    idOf: (doc) => messageDocId(str(doc.id)),
    extra: [
      {
        label: 'a file and no text',
        doc: {
          ...fixtures.pending,
          body: '',
          _attachments: { 'a.jpg': { content_type: 'image/jpeg', data: 'AAAA' } },
        },
      },
      {
        label: 'a file of 10 MB',
        doc: {
          ...fixtures.pending,
          _attachments: { a: { content_type: 'image/jpeg', length: 10_485_760 } },
        },
      },
      {
        label: 'a file past 10 MB',
        doc: {
          ...fixtures.pending,
          _attachments: { a: { content_type: 'image/jpeg', length: 10_485_761 } },
        },
      },
      {
        label: 'two files',
        doc: {
          ...fixtures.pending,
          _attachments: {
            a: { content_type: 'image/jpeg', length: 1 },
            b: { content_type: 'image/jpeg', length: 1 },
          },
        },
      },
    ],
  },
  {
    type: 'order_action',
    schema: pendingOrderActionDocSchema,
    example: fixtures.pendingAction,
    idOf: (doc) => orderActionId(str(doc.id)),
    extra: [
      {
        label: 'no reason',
        doc: { ...fixtures.pendingAction, action: 'accept', reason: undefined },
      },
      {
        label: 'a delivery message',
        doc: { ...fixtures.pendingAction, action: 'deliver', message: 'Done.' },
      },
    ],
  },
];

/** Where the schema and validate_doc_update answer apart, as readable lines. */
function disagreements(spec: UserWritten, old: Doc | null): string[] {
  const cases = [
    { label: 'the example', doc: spec.example as Doc },
    ...fieldVariants(spec.schema, spec.example).map(({ label, value }) => ({
      label,
      doc: { ...(value as Doc), _id: spec.idOf(value as Doc) },
    })),
    {
      label: 'an id its fields do not make',
      doc: { ...spec.example, _id: `${spec.example._id}x` },
    },
    ...(spec.extra ?? []),
  ];
  const lines: string[] = [];
  for (const { label, doc } of cases) {
    const schemaSays = valid(spec.schema, doc) && (spec.allowedFrom?.(doc, old) ?? true);
    const designDocSays = accepted(doc, old);
    if (schemaSays !== designDocSays)
      lines.push(
        `${label}: the schema ${schemaSays ? 'accepts' : 'refuses'}, validate_doc_update ${designDocSays ? 'accepts' : 'refuses'}`,
      );
  }
  return lines;
}

describe('user database documents: the shared schemas and validate_doc_update agree', () => {
  it('name the same owners for every type', () => {
    const listed = (name: string) =>
      JSON.parse(
        (new RegExp(`var ${name} = (\\[[^\\]]*\\]);`).exec(validate)?.[1] ?? '[]').replace(
          /'/g,
          '"',
        ),
      ) as string[];
    const owned = (owner: string) =>
      Object.entries(USERDB_DOC_TYPES)
        .filter(([, spec]) => spec.owner === owner)
        .map(([type]) => type)
        .sort();
    expect(listed('USER_TYPES').sort()).toEqual(owned('user'));
    expect(listed('SERVER_TYPES').sort()).toEqual(owned('server'));
    // A message and an order action are neither: the user writes them pending, the server the rest.
    expect(owned('shared')).toEqual(['message', 'order_action']);
  });

  it('have a valid example of every type, under its id prefix', () => {
    const examples: { [T in UserDocType]: z.infer<(typeof USERDB_DOC_SCHEMAS)[T]> } = {
      wishlist: fixtures.wishlist,
      wishlist_item: fixtures.item,
      draft: fixtures.draft,
      projectbox: fixtures.box,
      read_marker: fixtures.marker,
      message: fixtures.delivered,
      conversation: fixtures.conversation,
      notification: fixtures.notification,
      order_mirror: fixtures.orderMirror,
      order_action: fixtures.appliedAction,
      wallet_mirror: fixtures.walletMirror,
      job_mirror: fixtures.jobMirror,
      project_mirror: fixtures.projectMirror,
      application_mirror: fixtures.applicationMirror,
    };
    for (const type of Object.keys(USERDB_DOC_TYPES) as UserDocType[]) {
      const doc = examples[type];
      expect(doc.type, type).toBe(type);
      expect(doc._id.startsWith(USERDB_DOC_TYPES[type].prefix), type).toBe(true);
      expect(USERDB_DOC_SCHEMAS[type].safeParse(doc).error, type).toBeUndefined();
    }
    expect(USER_WRITTEN.map((spec) => spec.type).sort()).toEqual(
      Object.entries(USERDB_DOC_TYPES)
        .filter(([, spec]) => spec.owner !== 'server')
        .map(([type]) => type)
        .sort(),
    );
  });

  for (const spec of USER_WRITTEN) {
    it(`${spec.type}: a new document is accepted by both or refused by both`, () => {
      expect(disagreements(spec, null)).toEqual([]);
    });
    it(`${spec.type}: a changed document is accepted by both or refused by both`, () => {
      expect(disagreements(spec, spec.example)).toEqual([]);
    });
  }

  const SERVER_WRITTEN = {
    conversation: fixtures.conversation,
    notification: fixtures.notification,
    order_mirror: fixtures.orderMirror,
    wallet_mirror: fixtures.walletMirror,
    job_mirror: fixtures.jobMirror,
    project_mirror: fixtures.projectMirror,
    application_mirror: fixtures.applicationMirror,
    'message (delivered)': fixtures.delivered,
    'order action (applied)': fixtures.appliedAction,
  } as const;

  for (const [name, doc] of Object.entries(SERVER_WRITTEN)) {
    it(`${name}: valid documents are the server's to write`, () => {
      expect(accepted(doc, null, server)).toBe(true);
      expect(accepted({ ...doc, unknown_field: 1 }, doc, server)).toBe(true);
      expect(accepted(doc, null)).toBe(false);
      expect(accepted({ ...doc, _rev: '2-x' }, { ...doc, _rev: '1-x' })).toBe(
        name === 'notification',
      );
    });
  }

  it('notification: the user changes read_at alone, to what the schema allows', () => {
    const schema = USERDB_DOC_SCHEMAS.notification;
    const old = fixtures.notification as Doc;
    const lines: string[] = [];
    for (const { label, value } of fieldVariants(schema, old)) {
      const doc = value as Doc;
      const onlyReadAt = label.startsWith('read_at ');
      const schemaSays = onlyReadAt && valid(schema, doc);
      const designDocSays = accepted(doc, old);
      // Another field changed: refused whatever the schema says of it.
      if (schemaSays !== designDocSays)
        lines.push(`${label}: validate_doc_update ${designDocSays ? 'accepts' : 'refuses'}`);
    }
    expect(lines).toEqual([]);
  });
});
