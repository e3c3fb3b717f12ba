import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import { MESSAGE_ID_PATTERN } from '@wayfarer/api/schemas/userdb-rules';
import { LocalEngine } from '@/lib/local-db-engine';
import { MessagesStore, readConversationMessages } from './messages-store';

// The store on the offline core's real engine and real PouchDB; the "server" is a second
// database on disk that the engine syncs with, where the test writes what the API would.

const opened: { close(): Promise<void> }[] = [];
const stores: MessagesStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) store.dispose();
  await Promise.all(opened.splice(0).map((item) => item.close().catch(() => undefined)));
});

async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-inbox-'));
  const engine = new LocalEngine({
    name: path.join(dir, 'device'),
    remoteUrl: path.join(dir, 'server'),
    fetch: () => Promise.reject(new TypeError('not used for a local remote')),
    onState: () => undefined,
    isOnline: () => true,
  });
  const server = new PouchDB<Record<string, unknown>>(path.join(dir, 'server'));
  opened.push(engine, server);
  await engine.open();
  const store = new MessagesStore(engine);
  stores.push(store);
  await store.ready;
  return { engine, server, store };
}

const CONV = 'conv:a1:b2';

function delivered(id: string, body: string, sentAt: string, fromMe: boolean): MessageDoc {
  return {
    _id: `message:${id}`,
    type: 'message',
    id,
    to: fromMe ? 'bea_b' : 'ana_a',
    body,
    created_at: sentAt,
    sent_at: sentAt,
    status: 'delivered',
    from: fromMe ? 'a1' : 'b2',
    from_me: fromMe,
    conversation_id: CONV,
  };
}

describe('MessagesStore', () => {
  it('writes a pending message in exactly the shape the database accepts from a user', async () => {
    const { engine, store } = await setup();
    const sent = await store.send({ to: 'Bea_B', body: '**Hi**' });
    const stored = (await engine.db.get(sent._id)) as unknown as Record<string, unknown>;
    const { _id, _rev, ...fields } = stored;
    expect(_id).toBe(`message:${sent.id}`);
    expect(_rev).toMatch(/^1-/);
    expect(Object.keys(fields).sort()).toEqual([
      'body',
      'created_at',
      'id',
      'status',
      'to',
      'type',
    ]);
    expect(fields).toMatchObject({
      type: 'message',
      to: 'bea_b',
      body: '**Hi**',
      status: 'pending',
    });
    expect(sent.id).toMatch(MESSAGE_ID_PATTERN);
    // Not delivered yet: shown with the conversation by the recipient's tagname.
    expect(store.messagesFor(CONV, 'bea_b').map((m) => m.body)).toEqual(['**Hi**']);
    expect([...store.undeliveredByTagname().keys()]).toEqual(['bea_b']);
  });

  it('keeps one attachment with the message', async () => {
    const { engine, store } = await setup();
    // In the browser a file is a Blob; PouchDB on Node takes a Buffer in its place.
    const data = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d]) as unknown as Blob;
    const sent = await store.send({
      to: 'bea_b',
      body: '',
      attachment: { name: 'plan.pdf', type: 'application/pdf', data },
    });
    const stored = (await engine.db.get(sent._id)) as unknown as MessageDoc;
    expect(stored._attachments?.['plan.pdf']).toMatchObject({
      content_type: 'application/pdf',
      stub: true,
    });
    const back = (await store.attachment(sent._id, 'plan.pdf')) as unknown as Buffer | null;
    expect(back?.length).toBe(5);
    expect(await store.attachment(sent._id, 'missing.pdf')).toBeNull();
  });

  it('follows synced changes live: delivery, the other side, read receipts, in order', async () => {
    const { engine, server, store } = await setup();
    const listener = vi.fn();
    store.subscribe(listener);
    const pending = await store.send({ to: 'bea_b', body: 'first' });
    engine.startSync();
    await vi.waitFor(async () => expect((await server.allDocs()).rows).toHaveLength(1), {
      timeout: 5000,
    });

    // What the API does: the sender's copy delivered; the other's reply in this database.
    const serverCopy = await server.get(pending._id);
    await server.put({
      ...serverCopy,
      status: 'delivered',
      from: 'a1',
      from_me: true,
      conversation_id: CONV,
      sent_at: '2030-01-01T10:00:00.000Z',
      delivered_at: '2030-01-01T10:00:00.000Z',
    });
    await server.put(delivered('reply0001', 'second', '2030-01-01T10:01:00.000Z', false) as never);

    await vi.waitFor(
      () => {
        expect(store.messagesFor(CONV, 'bea_b').map((m) => [m.body, m.status])).toEqual([
          ['first', 'delivered'],
          ['second', 'delivered'],
        ]);
      },
      { timeout: 5000 },
    );
    expect(store.undeliveredByTagname().size).toBe(0);
    expect(listener).toHaveBeenCalled();
    expect(store.hasText(CONV, null, 'secon')).toBe(true);
    expect(store.hasText(CONV, null, 'third')).toBe(false);

    const again = await server.get(pending._id);
    await server.put({ ...again, status: 'read', read_at: '2030-01-01T10:02:00.000Z' });
    await vi.waitFor(() => expect(store.messagesFor(CONV, null)[0]?.status).toBe('read'), {
      timeout: 5000,
    });
  });

  it('discards or resends a refused message, never a delivered one', async () => {
    const { engine, store } = await setup();
    const sent = await store.send({ to: 'nobody_here', body: 'hello?' });
    const doc = (await engine.db.get(sent._id)) as unknown as MessageDoc;
    // The API's answer, arrived by sync: refused.
    await engine.db.put({
      ...doc,
      status: 'failed',
      error: 'No member has this tagname.',
    } as never);
    await vi.waitFor(() =>
      expect(store.messagesFor(null, 'nobody_here')[0]?.status).toBe('failed'),
    );
    const failed = store.messagesFor(null, 'nobody_here')[0]!;
    await store.retry(failed);
    await vi.waitFor(() => {
      const now = store.messagesFor(null, 'nobody_here');
      expect(now.map((m) => [m.body, m.status])).toEqual([['hello?', 'pending']]);
      expect(now[0]!.id).not.toBe(failed.id);
    });

    await engine.db.put(delivered('keep0001', 'kept', '2030-01-01T10:00:00.000Z', true) as never);
    await vi.waitFor(() => expect(store.messagesFor(CONV, null)).toHaveLength(1));
    await store.discard(store.messagesFor(CONV, null)[0]!);
    expect(store.messagesFor(CONV, null)).toHaveLength(1);
  });

  it('reads what is already on the device when it starts', async () => {
    const { engine } = await setup();
    await engine.db.put(
      delivered('old00001', 'from before', '2030-01-01T09:00:00.000Z', false) as never,
    );
    const store = new MessagesStore(engine);
    stores.push(store);
    expect(store.loaded).toBe(false);
    await store.ready;
    expect(store.loaded).toBe(true);
    expect(store.messagesFor(CONV, null).map((m) => m.body)).toEqual(['from before']);
  });

  it('reads one conversation through the local indexes: the same list as the in-memory index', async () => {
    const { engine, server, store } = await setup();
    // 3 conversations of 30 messages (more than pouchdb-find's default page of 25), sent and
    // received, delivered out of the order they were written; messages to people not delivered
    // yet; and documents that only look like messages.
    const docs: Record<string, unknown>[] = [];
    for (let c = 0; c < 3; c += 1) {
      for (let n = 0; n < 30; n += 1) {
        const id = `c${c}m${String(n).padStart(4, '0')}`;
        const doc = delivered(
          id,
          `${c}/${n}`,
          `2030-01-0${c + 1}T10:${String(59 - n).padStart(2, '0')}:00.000Z`,
          n % 2 === 0,
        );
        docs.push({
          ...doc,
          conversation_id: `conv:c${c}`,
          created_at: `2030-01-0${c + 1}T09:${String(n % 7).padStart(2, '0')}:00.000Z`,
        });
      }
    }
    for (const [n, to] of ['bea_b', 'bea_b', 'carl_c'].entries()) {
      docs.push({
        _id: `message:pend000${n}`,
        type: 'message',
        id: `pend000${n}`,
        to,
        body: `waiting ${n}`,
        created_at: `2030-02-01T10:0${n}:00.000Z`,
        status: n === 1 ? 'failed' : 'pending',
      });
    }
    docs.push({ _id: 'message:odd00001', type: 'message', to: 'bea_b', created_at: '2030-01-01' });
    docs.push({ _id: 'conversation:conv:c0', type: 'conversation', conversation_id: 'conv:c0' });
    await server.bulkDocs(docs as never[]);
    engine.startSync();
    await store.ready;
    await vi.waitFor(() => expect(store.messagesFor('conv:c2', null)).toHaveLength(30), {
      timeout: 5000,
    });
    await vi.waitFor(() => expect(store.messagesFor(null, 'carl_c')).toHaveLength(1), {
      timeout: 5000,
    });

    const cases: [string | null, string | null][] = [
      ['conv:c0', 'bea_b'],
      ['conv:c1', null],
      ['conv:c2', 'Carl_C'],
      [null, 'bea_b'],
      [null, 'nobody'],
      ['conv:none', null],
      [null, null],
    ];
    for (const [conversationId, tagname] of cases) {
      const indexed = await readConversationMessages(engine, conversationId, tagname);
      expect(indexed.map((m) => m._id)).toEqual(
        store.messagesFor(conversationId, tagname).map((m) => m._id),
      );
    }
    expect((await readConversationMessages(engine, 'conv:c0', 'bea_b')).length).toBe(32);

    // The indexes follow new and changed messages; they stay on this device.
    const more = await store.send({ to: 'bea_b', body: 'one more' });
    const after = await readConversationMessages(engine, 'conv:c0', 'bea_b');
    expect(after.map((m) => m._id)).toEqual(
      store.messagesFor('conv:c0', 'bea_b').map((m) => m._id),
    );
    expect(after.map((m) => m._id)).toContain(more._id);
    const design = await engine.db.allDocs({ startkey: '_design/', endkey: '_design/\ufff0' });
    expect(design.rows.map((row) => row.id).sort()).toEqual([
      '_design/idx-message-conversation',
      '_design/idx-message-to',
    ]);
    await vi.waitFor(async () => expect((await server.get(more._id))._id).toBe(more._id), {
      timeout: 5000,
    });
    const onServer = await server.allDocs({ startkey: '_design/', endkey: '_design/\ufff0' });
    expect(onServer.rows).toEqual([]);
  });

  it('does not read every message until the inbox list asks for them', async () => {
    const { engine } = await setup();
    const store = new MessagesStore(engine);
    stores.push(store);
    const sent = await store.send({ to: 'bea_b', body: 'before the index' });
    expect(store.loaded).toBe(false);
    expect(store.messagesFor(null, 'bea_b')).toEqual([]);
    await store.ready;
    expect(store.messagesFor(null, 'bea_b').map((m) => m._id)).toEqual([sent._id]);
  });
});
