import { isConflict } from '../../couch/errors';
import { ensureUserDb } from '../../couch/userdb';
import { notify } from '../notifications/notifications.service';
import { sendVerificationMail } from './accounts-email-password.service';
import { getUser, saveUser, type Deps } from './accounts-store';
import type { UserDoc } from './users.model';

/**
 * The steps of a registration after the account document, run again until they all are done:
 * the member's database with its `_security` and design documents (idempotent), the
 * verification mail (unless verified meanwhile; a run interrupted after it sends it again), the
 * welcome notification (once: its id is the account's), then `setup_pending` is cleared. Run by
 * the registration itself, by a retry of it with the same address and password, by a login, and
 * by the API's upkeep for registrations that stopped half-way (a crash, a database node that did
 * not answer). Any account's database is brought to order on the way (an old one may lack it).
 * Returns the account as stored.
 */
export async function completeAccountSetup(deps: Deps, user: UserDoc): Promise<UserDoc> {
  await ensureUserDb(deps.couch, user.id);
  if (!user.setup_pending) return user;
  if (!user.email_verified_at) await sendVerificationMail(deps, user);
  await notify(deps, user.id, {
    kind: 'welcome',
    key: user.id,
    title: `Welcome to Wayfarer Market, ${user.full_name.split(' ')[0]}!`,
    body: 'Confirm your email address, choose your tagname and complete your profile to get started.',
    link: '/profile/info',
  });
  let current: UserDoc | undefined = user;
  while (current?.setup_pending) {
    const { setup_pending: _done, ...rest } = current;
    try {
      return await saveUser(deps, rest);
    } catch (error) {
      // Changed meanwhile (another completion, a device remembered): read it and clear again.
      if (!isConflict(error)) throw error;
      current = await getUser(deps, user.id);
    }
  }
  return current ?? user;
}
