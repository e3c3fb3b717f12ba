import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type FieldErrors = Record<string, string[]>;

/**
 * A failure the client should see as-is: one error middleware (lib/error-handler.ts) turns it
 * into the API.md envelope `{message, errors?}` with this status.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const INVALID_DATA_MESSAGE = 'The given data was invalid.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message = INVALID_DATA_MESSAGE) {
    super(422, message, errors);
    this.name = 'ValidationError';
  }

  /** A 422 about one field. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const unauthorized = (message = 'Unauthenticated.') => new AppError(401, message);
export const forbidden = (message = 'This action is unauthorized.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Too many requests. Please wait a moment and try again.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const unavailable = (
  message = 'The database is unavailable right now. Please try again shortly.',
) => new AppError(503, message);
