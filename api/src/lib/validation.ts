import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, ValidationError, type FieldErrors } from './errors';

/** Turns zod issues into API.md field errors: `{"field.path": ["Human sentence."]}`. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/** Reads and validates a JSON body: 415 for another media type, 400 for malformed JSON. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, 'The request body is not valid JSON.');
  }
  return parseOrThrow(schema, body);
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseOrThrow(schema, c.req.query());
}
