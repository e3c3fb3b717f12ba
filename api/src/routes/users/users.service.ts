import { randomBytes } from 'node:crypto';
import type { Couch } from '../../couch/connect';
import { isConflict, isNotFound } from '../../couch/errors';
import { ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { Role } from '../../schemas';
import { emailKey, tagnameKey, userKey, type UserDoc } from './users.model';

export type NewUser = NewUserFields &
  /** The password, hashed here, or its hash when the caller made it already. */
  ({ password: string } | { password_hash: string });

interface NewUserFields {
  /** Fixed id (demo data); a random one otherwise. */
  id?: string;
  email: string;
  role: Role;
  full_name: string;
  tagname?: string | null;
  bio?: string;
  expertise?: string | null;
  location?: string | null;
  languages?: string[];
  email_verified?: boolean;
  /** Fingerprints of the devices the account is made from (UserDoc.known_devices). */
  known_devices?: string[];
  /** A registration: the account's later steps are still to run (UserDoc.setup_pending). */
  setup_pending?: boolean;
}

const newUserId = () => randomBytes(12).toString('hex');

/**
 * The answer to a registration whose address has an account. It does not say so: the address
 * may be someone else's (the owner is told by mail instead, see accounts.register).
 */
const EMAIL_UNAVAILABLE_MESSAGE =
  'We could not create an account with this email address. If you already have an account, log in or reset your password.';

/** The email address is claimed by another account. */
export class EmailTakenError extends ValidationError {
  constructor() {
    super({ email: [EMAIL_UNAVAILABLE_MESSAGE] });
    this.name = 'EmailTakenError';
  }
}

/**
 * Creates an account. Email and tagname are claimed first with reservation documents whose ids
 * are the normalised values, so two concurrent registrations cannot both win: CouchDB accepts
 * exactly one create of an id. A failed step releases what was claimed.
 */
export async function createUser(couch: Couch, input: NewUser): Promise<UserDoc> {
  const users = couch.db('users');
  const id = input.id ?? newUserId();
  const now = new Date().toISOString();
  const email = input.email.trim().toLowerCase();
  const claimed: { _id: string; _rev: string }[] = [];
  const claim = async (docId: string, taken: () => ValidationError) => {
    try {
      const result = await users.insert({
        _id: docId,
        type: docId.split(':')[0],
        user_id: id,
        created_at: now,
      } as never);
      claimed.push({ _id: docId, _rev: result.rev });
    } catch (error) {
      if (isConflict(error)) throw taken();
      throw error;
    }
  };
  try {
    await claim(emailKey(email), () => new EmailTakenError());
    if (input.tagname)
      await claim(tagnameKey(input.tagname), () =>
        ValidationError.field('tagname', 'This tagname is already taken.'),
      );
    const doc: UserDoc = {
      _id: userKey(id),
      type: 'user',
      id,
      email,
      password_hash:
        'password_hash' in input
          ? input.password_hash
          : // Seeding and the admin CLI: nobody waits over HTTP, so it queues instead of a 503.
            await hashPassword(input.password, { mayShed: false }),
      role: input.role,
      full_name: input.full_name.trim(),
      tagname: input.tagname ?? null,
      bio: input.bio ?? '',
      expertise: input.expertise ?? null,
      location: input.location ?? null,
      languages: input.languages ?? [],
      avatar: null,
      cv: null,
      status: 'active',
      email_verified_at: input.email_verified ? now : null,
      ...(input.known_devices ? { known_devices: input.known_devices } : {}),
      ...(input.setup_pending ? { setup_pending: true as const } : {}),
      session_version: 0,
      created_at: now,
      updated_at: now,
    };
    const result = await users.insert(doc as never);
    return { ...doc, _rev: result.rev };
  } catch (error) {
    await Promise.all(claimed.map((c) => users.destroy(c._id, c._rev).catch(() => undefined)));
    throw error;
  }
}

export async function findUserByEmail(couch: Couch, email: string): Promise<UserDoc | undefined> {
  const users = couch.db('users');
  try {
    const reservation = (await users.get(emailKey(email))) as unknown as { user_id: string };
    return (await users.get(userKey(reservation.user_id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Number of accounts with a role, from the `accounts/by_role_day` view. */
export async function countUsersWithRole(couch: Couch, role: Role): Promise<number> {
  const result = await couch.db('users').view('accounts', 'by_role_day', {
    startkey: [role],
    endkey: [role, {}],
    reduce: true,
    group_level: 1,
  });
  return Number(result.rows[0]?.value ?? 0);
}

/** Makes an account an Admin and ends its current sessions (their tokens carry the old role). */
export async function promoteToAdmin(couch: Couch, id: string): Promise<UserDoc> {
  const users = couch.db('users');
  const doc = (await users.get(userKey(id))) as unknown as UserDoc;
  const updated: UserDoc = {
    ...doc,
    role: 'Admin',
    session_version: doc.session_version + 1,
    updated_at: new Date().toISOString(),
  };
  const result = await users.insert(updated as never);
  return { ...updated, _rev: result.rev };
}
