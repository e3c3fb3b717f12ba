import type { MiddlewareHandler } from 'hono';

/**
 * `Cache-Control: no-store` on the response, errors included: for answers that carry tokens or a
 * member's own account, which no browser or proxy cache may keep.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};
