import { isConflict, isNotFound } from '../../couch/errors';
import { deleteUserDb, userDbName } from '../../couch/userdb';
import { ValidationError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { listSessionIds } from '../../auth/sessions';
import { conversationDocId, conversationDocSchema, type ConversationDoc } from '../../schemas';
import { emailKey, tagnameKey, type UserDoc } from './users.model';
import { fileKey } from './accounts-profile.service';
import { destroyIfExists, saveUser, type Deps } from './accounts-store';
import { DELETED_USER } from './users.lookup';

/**
 * Removes the account, its sessions, files, reservations and its database. Records other people
 * share with this user (orders, messages) keep the id; with no account behind it they show
 * "Deleted user".
 */
export async function deleteAccount(deps: Deps, user: UserDoc, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.password_hash))) {
    throw ValidationError.field('password', 'The password is not correct.');
  }
  await removeAccount(deps, user);
}

async function anonymiseConversations(deps: Deps, userId: string) {
  const own = deps.couch.server.use(userDbName(deps.couch, userId));
  let rows;
  try {
    rows = await own.view('app', 'by_type', {
      startkey: ['conversation'],
      endkey: ['conversation', {}],
      include_docs: true,
    });
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  for (const row of rows.rows) {
    const conversationId = (row.doc as unknown as ConversationDoc).conversation_id;
    const otherId = conversationId
      .slice('conv:'.length)
      .split(':')
      .find((id) => id !== userId);
    if (!otherId) continue;
    const theirs = deps.couch.server.use(userDbName(deps.couch, otherId));
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const doc = (await theirs.get(
          conversationDocId(conversationId),
        )) as unknown as ConversationDoc;
        const anonymised = { ...doc, other: { ...DELETED_USER, id: userId } };
        await theirs.insert(conversationDocSchema.parse(anonymised) as never);
        break;
      } catch (error) {
        if (isNotFound(error)) break;
        if (!isConflict(error) || attempt === 2) throw error;
      }
    }
  }
}

/** Removes an account and everything that is only its own (used by the owner and by admins). */
export async function removeAccount(deps: Deps, user: UserDoc): Promise<void> {
  const users = deps.couch.db('users');
  // Sign out everywhere first, so nothing can act while the rest is removed.
  const current = await saveUser(deps, {
    ...user,
    session_version: user.session_version + 1,
    status: 'suspended',
  });
  // The people this user talked to keep the conversation, with "Deleted user" in their place.
  await anonymiseConversations(deps, user.id);
  await deleteUserDb(deps.couch, user.id);
  const sessions = await listSessionIds(deps.couch, user.id);
  if (sessions.length) {
    await users.bulk({
      docs: sessions.map((s) => ({ _id: s.id, _rev: s.rev, _deleted: true })),
    } as never);
  }
  await destroyIfExists(deps, fileKey('avatar', user.id));
  await destroyIfExists(deps, fileKey('cv', user.id));
  if (user.tagname) await destroyIfExists(deps, tagnameKey(user.tagname));
  await destroyIfExists(deps, emailKey(user.email));
  await users.destroy(current._id, current._rev!);
  deps.liveSessions.userChanged(user.id, null);
  deps.logger.info({ userId: user.id }, 'account deleted');
}
