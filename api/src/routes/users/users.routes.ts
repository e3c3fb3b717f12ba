import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { isNotFound } from '../../couch/errors';
import { noStore } from '../../lib/cache-control';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { detectType, IMAGE_TYPES } from '../../schemas/file-types';
import {
  changePasswordSchema,
  deleteAccountSchema,
  listResponseSchema,
  memberSummarySchema,
  peopleSearchQuerySchema,
  publicUserSchema,
  tagnameSchema,
  updateProfileSchema,
  updateTagnameSchema,
  userSchema,
} from '../../schemas';
import { leaderboardsOf } from '../leaderboard/leaderboard.service';
import { endpoints } from '../endpoint';
import { deleteAccount } from './accounts-deletion.service';
import { changePassword } from './accounts-email-password.service';
import {
  FILE_LIMITS,
  readFile,
  setTagname,
  storeFile,
  tagnameAvailability,
  updateProfile,
} from './accounts-profile.service';
import { mayReadCv } from './cv-access';
import { searchPeople } from './people-search';
import type { UserDoc } from './users.model';
import { tagnameKey, userKey } from './users.model';
import { toPublicUser, toUser } from './users.view';
import { projectsOfUser } from '../projects/projects.service';
import { ownDatabaseParts, projectBoxOf, wishlistsOf } from './userdata.service';
import { uploadedFileHeaders } from '../../lib/uploaded-file';

const endpoint = endpoints({ tag: 'Account' });
const userResponse = { description: '{user}', schema: z.object({ user: userSchema }) };
/** A missing `?tagname=` is judged as an empty one. */
const availabilityQuery = z.object({ tagname: tagnameSchema.prefault('') });

async function userByTagname(deps: AppDeps, tagname: string): Promise<UserDoc | undefined> {
  const users = deps.couch.db('users');
  try {
    const reservation = (await users.get(tagnameKey(tagname.toLowerCase()))) as unknown as {
      user_id: string;
    };
    return (await users.get(userKey(reservation.user_id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The signed-in user's account, public profiles and profile files. */
export function userRoutes(deps: AppDeps) {
  const upload = (kind: 'avatar' | 'cv') =>
    async function handler(c: Context<AppEnv, string, { out: { form: { file: Buffer } } }>) {
      const { user } = currentAuth(c);
      const data = c.req.valid('form').file;
      const detected = detectType(data);
      const allowed = kind === 'avatar' ? IMAGE_TYPES : ['application/pdf'];
      if (!detected || !allowed.includes(detected)) {
        throw new AppError(
          415,
          kind === 'avatar'
            ? 'The picture must be a PNG, JPEG or WebP image.'
            : 'The CV must be a PDF document.',
        );
      }
      const saved = await storeFile(deps, user, kind, data, detected);
      return c.json({ user: toUser(saved) });
    };
  const uploadRule = (kind: 'avatar' | 'cv', accepts: string) => ({
    noun: 'file',
    accepts,
    maxBytes: FILE_LIMITS[kind].maxBytes,
    limitLabel: FILE_LIMITS[kind].label,
  });

  return new Hono<AppEnv>()
    .get(
      '/user',
      noStore,
      endpoint({
        summary: 'The signed-in user with projects and wishlists',
        auth: 'required',
        responses: { 200: '{user, projects, wishlists}' },
      }),
      async (c) => {
        const { user } = currentAuth(c);
        const [{ count, wishlists }, leaderboards, projects] = await Promise.all([
          ownDatabaseParts(deps, user.id),
          leaderboardsOf(deps, user.id),
          projectsOfUser(deps, user),
        ]);
        // projects: a lecturer's own, a student's applied ones (ProjectSummary each).
        return c.json({
          user: { ...toUser(user, { new_notifications_count: count }), leaderboards },
          projects,
          wishlists,
        });
      },
    )
    .get(
      '/projectbox',
      endpoint({
        summary: 'The signed-in user’s project box (posted, applied, joined, saved)',
        auth: 'required',
        responses: { 200: '{data: [entry]}' },
      }),
      async (c) => c.json({ data: await projectBoxOf(deps.couch, currentAuth(c).user.id) }),
    )
    .get(
      '/users/search',
      endpoint({
        tag: 'Members',
        summary: 'Find members by tagname or name (the header search)',
        description:
          '`q`: the start of a tagname (`@` optional, any case), or words of a full name (each the start of a word of the name; accents do not matter). Active members only, never admins or members without a tagname; exact tagname first, then other tagname matches, then by name. Each range read is bounded (200 index rows); past that, `meta.total_capped` and `total` is a lower bound.',
        auth: 'required',
        query: peopleSearchQuerySchema,
        responses: {
          200: {
            description: '{data: [member], meta}',
            schema: listResponseSchema(memberSummarySchema),
          },
          422: 'An empty or too long q',
        },
      }),
      async (c) => c.json(await searchPeople(deps, c.req.valid('query'))),
    )
    .get(
      '/user/:tagname/wishlists',
      endpoint({
        tag: 'Members',
        summary: 'A member’s public wishlists',
        responses: { 200: '{data: [wishlist]}', 404: 'No such member' },
      }),
      async (c) => {
        const user = await userByTagname(deps, c.req.param('tagname'));
        if (!user || user.status !== 'active') throw notFound('No member has this tagname.');
        return c.json({ data: await wishlistsOf(deps.couch, user.id, { publicOnly: true }) });
      },
    )
    .patch(
      '/user',
      noStore,
      endpoint({
        summary: 'Update profile fields',
        auth: 'required',
        body: updateProfileSchema,
        responses: { 200: userResponse },
      }),
      async (c) => {
        const saved = await updateProfile(deps, currentAuth(c).user, c.req.valid('json'));
        return c.json({ user: toUser(saved) });
      },
    )
    .delete(
      '/user',
      noStore,
      endpoint({
        summary: 'Delete the account, its sessions, files and database',
        auth: 'required',
        body: deleteAccountSchema,
        responses: { 204: 'Deleted', 422: 'Wrong password' },
      }),
      async (c) => {
        await deleteAccount(deps, currentAuth(c).user, c.req.valid('json').password);
        return c.body(null, 204);
      },
    )
    .put(
      '/user/password',
      noStore,
      endpoint({
        summary: 'Change the password; other sessions are revoked',
        auth: 'required',
        body: changePasswordSchema,
        responses: { 200: '{message}', 422: 'Wrong current password or field errors' },
      }),
      async (c) => {
        const { user, session } = currentAuth(c);
        await changePassword(deps, user, session, c.req.valid('json'));
        return c.json({
          message: 'Your password was changed. Your other devices were signed out.',
        });
      },
    )
    .put(
      '/user/tagname',
      noStore,
      endpoint({
        summary: 'Choose or change the tagname',
        auth: 'required',
        body: updateTagnameSchema,
        responses: { 200: userResponse, 422: 'Taken or malformed' },
      }),
      async (c) => {
        const saved = await setTagname(deps, currentAuth(c).user, c.req.valid('json').tagname);
        return c.json({ user: toUser(saved) });
      },
    )
    .get(
      '/tagname/availability',
      endpoint({
        summary: 'Whether a tagname is free',
        auth: 'required',
        query: availabilityQuery,
        responses: { 200: '{tagname, available, reason?}', 422: 'Malformed' },
      }),
      async (c) => {
        const { tagname } = c.req.valid('query');
        return c.json(await tagnameAvailability(deps, currentAuth(c).user, tagname));
      },
    )
    .post(
      '/user/avatar',
      noStore,
      endpoint({
        summary: 'Upload the profile picture',
        auth: 'required',
        upload: uploadRule('avatar', 'PNG, JPEG or WebP'),
        responses: { 200: userResponse, 413: 'Too large', 415: 'Not an image' },
      }),
      upload('avatar'),
    )
    .post(
      '/user/cv',
      noStore,
      endpoint({
        summary: 'Upload a CV',
        auth: 'required',
        upload: uploadRule('cv', 'PDF'),
        responses: { 200: userResponse, 413: 'Too large', 415: 'Not a PDF' },
      }),
      upload('cv'),
    )
    .get(
      '/user/:tagname',
      endpoint({
        tag: 'Members',
        summary: 'A public profile (never the email)',
        responses: {
          200: { description: 'The member', schema: publicUserSchema },
          404: 'No such member',
        },
      }),
      async (c) => {
        const user = await userByTagname(deps, c.req.param('tagname'));
        if (!user || user.status !== 'active') throw notFound('No member has this tagname.');
        return c.json({ ...toPublicUser(user), leaderboards: await leaderboardsOf(deps, user.id) });
      },
    )
    .get(
      '/files/:kind/:userId',
      endpoint({
        tag: 'Members',
        summary: 'A profile file: an avatar or a CV (`kind` is avatar or cv)',
        description:
          'An avatar is public, cached for a year when `?v=` (its version) is given; a CV is its owner’s and admins’ only, never cached.',
        auth: 'optional',
        query: z.object({ v: z.string().optional().describe('The file’s version, for caching') }),
        responses: {
          200: { description: 'The file', media: 'application/octet-stream' },
          401: 'A CV, without a session',
          403: 'A CV, neither its owner nor an admin',
          404: 'None',
        },
      }),
      async (c) => {
        const kind = c.req.param('kind');
        if (kind !== 'avatar' && kind !== 'cv') throw notFound();
        const ownerId = c.req.param('userId');
        // Avatars are public; a CV is its owner's and admins' (see cv-access.ts), decided before
        // the file is read, so nobody else learns whether there is one.
        if (kind === 'cv') {
          const viewer = c.get('auth')?.user;
          if (!viewer) throw unauthorized('Log in to download this CV.');
          if (!(await mayReadCv(deps, viewer, ownerId)))
            throw forbidden('Only its owner and administrators can download this CV.');
        }
        const file = await readFile(deps, kind, ownerId);
        uploadedFileHeaders(c, file.contentType);
        if (kind === 'cv') {
          c.header('Cache-Control', 'private, no-store');
          c.header('Content-Disposition', 'attachment; filename="cv.pdf"');
        } else {
          // The URL carries the version, so a new upload gets a new URL.
          c.header(
            'Cache-Control',
            c.req.valid('query').v ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        }
        return c.body(new Uint8Array(file.data));
      },
    );
}
