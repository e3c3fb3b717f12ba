import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse } from './error-handler';
import { AppError, tooManyRequests, ValidationError } from './errors';
import { parseOrThrow } from './validation';

const logger = pino({ level: 'silent' });

function appThrowing(error: unknown) {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError((err, c) => errorResponse(err, c, logger));
  return app;
}

describe('errorResponse', () => {
  it('turns an unexpected error into a 500 with the generic message and no stack', async () => {
    const res = await appThrowing(new Error('secret internals at /srv/app/db.ts:12')).request('/');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(text).not.toContain('internals');
  });

  it('keeps the API.md 422 shape with field errors', async () => {
    const schema = z.object({ email: z.email('Enter a valid email address.'), age: z.number() });
    let thrown: unknown;
    try {
      parseOrThrow(schema, { email: 'nope' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const res = await appThrowing(thrown).request('/');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors.email).toEqual(['Enter a valid email address.']);
    expect(Object.keys(body.errors)).toContain('age');
  });

  it('sends Retry-After with a 429', async () => {
    const res = await appThrowing(tooManyRequests(12.2)).request('/');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('13');
  });

  it('maps an unreachable database to 503', async () => {
    const res = await appThrowing(
      new Error('error happened in your connection. Reason: connect ECONNREFUSED'),
    ).request('/');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/database is unavailable/);
  });

  it('passes AppError statuses and messages through', async () => {
    const res = await appThrowing(new AppError(409, 'Already done.')).request('/');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Already done.' });
  });
});
