import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from './logger';
import { AppError, GENERIC_ERROR_MESSAGE } from './errors';
import { isCouchUnreachable, translateCouchError } from '../couch/errors';

/**
 * The one place errors become HTTP responses (API.md): `{message, errors?}`; a 500 never carries
 * a stack trace; an unreachable database is a 503.
 */
export function errorResponse(error: unknown, c: Context, logger: Logger): Response {
  const requestId = c.get('requestId' as never) as string | undefined;
  let appError: AppError | undefined;
  if (error instanceof AppError) appError = error;
  else if (error instanceof HTTPException) {
    if (error.status === 413) appError = new AppError(413, 'The request body is too large.');
    else appError = new AppError(error.status, error.message || GENERIC_ERROR_MESSAGE);
  } else if (isCouchUnreachable(error)) {
    logger.error({ requestId, err: error }, 'database unreachable');
    appError = new AppError(
      503,
      'The database is unavailable right now. Please try again shortly.',
    );
  } else {
    appError = translateCouchError(error);
  }

  if (!appError) {
    logger.error({ requestId, err: error, path: c.req.path }, 'unhandled error');
    return c.json({ message: GENERIC_ERROR_MESSAGE }, 500);
  }
  if (appError.status >= 500)
    logger.warn({ requestId, status: appError.status, msg: appError.message });
  for (const [name, value] of Object.entries(appError.headers ?? {})) c.header(name, value);
  return c.json(
    appError.errors
      ? { message: appError.message, errors: appError.errors }
      : { message: appError.message },
    appError.status,
  );
}
