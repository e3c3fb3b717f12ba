import { Hono, type Context } from 'hono';
import { currentAuth, requireAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { isNotFound } from '../../couch/errors';
import { noStore } from '../../lib/cache-control';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { detectType, IMAGE_TYPES } from '../../schemas/file-types';
import { readUploadedFile } from '../../lib/multipart';
import { parseOrThrow, readJson } from '../../lib/validation';
import {
  changePasswordSchema,
  deleteAccountSchema,
  tagnameSchema,
  updateProfileSchema,
  updateTagnameSchema,
} from '../../schemas';
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
import type { UserDoc } from './users.model';
import { tagnameKey, userKey } from './users.model';
import { toPublicUser, toUser } from './users.view';
import { projectBoxOf, wishlistsOf } from './userdata.service';
import { unreadNotificationCount } from '../notifications/notifications.service';

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
    async function handler(c: Context<AppEnv>) {
      const { user } = currentAuth(c);
      const limit = FILE_LIMITS[kind];
      const data = await readUploadedFile(c, {
        noun: 'file',
        maxBytes: limit.maxBytes,
        limitLabel: limit.label,
      });
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

  return new Hono<AppEnv>()
    .get('/user', noStore, requireAuth, async (c) => {
      const { user } = currentAuth(c);
      const [count, wishlists] = await Promise.all([
        unreadNotificationCount(deps.couch, user.id),
        wishlistsOf(deps.couch, user.id),
      ]);
      // Projects arrive with the projects capability; until then a user has none.
      return c.json({
        user: toUser(user, { new_notifications_count: count }),
        projects: [],
        wishlists,
      });
    })
    .get('/projectbox', requireAuth, async (c) => {
      return c.json({ data: await projectBoxOf(deps.couch, currentAuth(c).user.id) });
    })
    .get('/user/:tagname/wishlists', async (c) => {
      const user = await userByTagname(deps, c.req.param('tagname'));
      if (!user || user.status !== 'active') throw notFound('No member has this tagname.');
      return c.json({ data: await wishlistsOf(deps.couch, user.id, { publicOnly: true }) });
    })
    .patch('/user', noStore, requireAuth, async (c) => {
      const input = await readJson(c, updateProfileSchema);
      const saved = await updateProfile(deps, currentAuth(c).user, input);
      return c.json({ user: toUser(saved) });
    })
    .delete('/user', noStore, requireAuth, async (c) => {
      const input = await readJson(c, deleteAccountSchema);
      await deleteAccount(deps, currentAuth(c).user, input.password);
      return c.body(null, 204);
    })
    .put('/user/password', noStore, requireAuth, async (c) => {
      const input = await readJson(c, changePasswordSchema);
      const { user, session } = currentAuth(c);
      await changePassword(deps, user, session, input);
      return c.json({ message: 'Your password was changed. Your other devices were signed out.' });
    })
    .put('/user/tagname', noStore, requireAuth, async (c) => {
      const input = await readJson(c, updateTagnameSchema);
      const saved = await setTagname(deps, currentAuth(c).user, input.tagname);
      return c.json({ user: toUser(saved) });
    })
    .get('/tagname/availability', requireAuth, async (c) => {
      const { tagname } = parseOrThrow(updateTagnameSchema.extend({ tagname: tagnameSchema }), {
        tagname: c.req.query('tagname') ?? '',
      });
      return c.json(await tagnameAvailability(deps, currentAuth(c).user, tagname));
    })
    .post('/user/avatar', noStore, requireAuth, upload('avatar'))
    .post('/user/cv', noStore, requireAuth, upload('cv'))
    .get('/user/:tagname', async (c) => {
      const user = await userByTagname(deps, c.req.param('tagname'));
      if (!user || user.status !== 'active') throw notFound('No member has this tagname.');
      return c.json(toPublicUser(user));
    })
    .get('/files/:kind/:userId', async (c) => {
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
      c.header('Content-Type', file.contentType);
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Content-Security-Policy', "default-src 'none'; sandbox");
      if (kind === 'cv') {
        c.header('Cache-Control', 'private, no-store');
        c.header('Content-Disposition', 'attachment; filename="cv.pdf"');
      } else {
        // The URL carries the version, so a new upload gets a new URL.
        c.header(
          'Cache-Control',
          c.req.query('v') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      }
      return c.body(new Uint8Array(file.data));
    });
}
