import { createHash } from 'node:crypto';
import { isConflict, isNotFound } from '../../couch/errors';
import { ValidationError, notFound } from '../../lib/errors';
import type { TagnameAvailability, UpdateProfileRequest } from '../../schemas';
import { tagnameKey, type UserDoc } from './users.model';
import { destroyIfExists, saveUser, type Deps } from './accounts-store';

export async function updateProfile(
  deps: Deps,
  user: UserDoc,
  input: UpdateProfileRequest,
): Promise<UserDoc> {
  return saveUser(deps, { ...user, ...input });
}

export async function tagnameAvailability(
  deps: Deps,
  user: UserDoc,
  tagname: string,
): Promise<TagnameAvailability> {
  if (user.tagname === tagname) return { tagname, available: true };
  try {
    await deps.couch.db('users').head(tagnameKey(tagname));
    return { tagname, available: false, reason: 'This tagname is already taken.' };
  } catch (error) {
    if (isNotFound(error)) return { tagname, available: true };
    throw error;
  }
}

/** Claims the new tagname (unique by reservation document), then releases the old one. */
export async function setTagname(deps: Deps, user: UserDoc, tagname: string): Promise<UserDoc> {
  if (user.tagname === tagname) return user;
  const users = deps.couch.db('users');
  let claim;
  try {
    claim = await users.insert({
      _id: tagnameKey(tagname),
      type: 'tagname',
      user_id: user.id,
      created_at: new Date().toISOString(),
    } as never);
  } catch (error) {
    if (isConflict(error)) throw ValidationError.field('tagname', 'This tagname is already taken.');
    throw error;
  }
  let saved: UserDoc;
  try {
    saved = await saveUser(deps, { ...user, tagname });
  } catch (error) {
    await users.destroy(tagnameKey(tagname), claim.rev).catch(() => undefined);
    throw error;
  }
  if (user.tagname) await destroyIfExists(deps, tagnameKey(user.tagname));
  return saved;
}

export const FILE_LIMITS = {
  avatar: { maxBytes: 2 * 1024 * 1024, label: '2 MB' },
  cv: { maxBytes: 5 * 1024 * 1024, label: '5 MB' },
} as const;

export const fileKey = (kind: 'avatar' | 'cv', userId: string) => `file:${kind}:${userId}`;

/** Stores the file as a CouchDB attachment and points the user at its new version. */
export async function storeFile(
  deps: Deps,
  user: UserDoc,
  kind: 'avatar' | 'cv',
  data: Buffer,
  contentType: string,
): Promise<UserDoc> {
  const users = deps.couch.db('users');
  const id = fileKey(kind, user.id);
  let rev: string | undefined;
  try {
    rev = (await users.get(id))._rev;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const result = await users.insert({
    _id: id,
    ...(rev ? { _rev: rev } : {}),
    type: 'file',
    kind,
    user_id: user.id,
    content_type: contentType,
    size: data.length,
    updated_at: new Date().toISOString(),
    _attachments: { file: { content_type: contentType, data: data.toString('base64') } },
  } as never);
  const version = createHash('sha256').update(result.rev).digest('hex').slice(0, 12);
  return saveUser(deps, { ...user, [kind]: version });
}

export async function readFile(
  deps: Deps,
  kind: 'avatar' | 'cv',
  userId: string,
): Promise<{ data: Buffer; contentType: string }> {
  const users = deps.couch.db('users');
  try {
    const doc = (await users.get(fileKey(kind, userId))) as unknown as { content_type: string };
    const data = await users.attachment.get(fileKey(kind, userId), 'file');
    return { data, contentType: doc.content_type };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such file.');
    throw error;
  }
}
