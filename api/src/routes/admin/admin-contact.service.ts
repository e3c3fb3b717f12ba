import { isNotFound } from '../../couch/errors';
import { notFound } from '../../lib/errors';
import type { UserDoc } from '../users/users.model';
import { audit } from './admin-audit.service';
import type { Deps } from './admin-shared';

export async function listContactMessages(
  deps: Deps,
  state: 'open' | 'handled',
  page: number,
  perPage: number,
) {
  const db = deps.couch.db('content');
  const total = Number(
    (await db.view('contact', 'by_state', { startkey: [state], endkey: [state, {}], reduce: true }))
      .rows[0]?.value ?? 0,
  );
  const rows = await db.view('contact', 'by_state', {
    startkey: [state, {}],
    endkey: [state],
    descending: true,
    reduce: false,
    include_docs: true,
    skip: (page - 1) * perPage,
    limit: perPage,
  });
  return {
    data: rows.rows.map((r) => {
      const d = r.doc as unknown as Record<string, unknown>;
      return {
        id: String(d._id),
        name: d.name,
        email: d.email,
        subject: d.subject,
        message: d.message,
        created_at: d.created_at,
        handled_at: d.handled_at ?? null,
      };
    }),
    meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

export async function setContactHandled(deps: Deps, actor: UserDoc, id: string, handled: boolean) {
  if (!id.startsWith('contact:')) throw notFound('No such message.');
  const db = deps.couch.db('content');
  let doc: Record<string, unknown> & { _rev: string };
  try {
    doc = (await db.get(id)) as unknown as Record<string, unknown> & { _rev: string };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such message.');
    throw error;
  }
  const handledAt = handled ? (doc.handled_at ?? new Date().toISOString()) : null;
  await db.insert({ ...doc, handled_at: handledAt } as never);
  await audit(
    deps,
    actor,
    handled ? 'contact.handle' : 'contact.reopen',
    id,
    { handled_at: doc.handled_at ?? null },
    { handled_at: handledAt },
  );
  return { id, handled_at: handledAt };
}
