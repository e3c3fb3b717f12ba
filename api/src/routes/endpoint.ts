/**
 * How an API route is declared. Every route's handler chain holds one `endpoint({...})` that
 * says what the route is (summary, who may call it, what it reads, what it answers) and enforces
 * it: the caller (`auth`, `permission`), then path `params`, `query`, JSON `body` or `upload`,
 * each with the API.md errors (401/403, 422 with field errors, 400/415 for an unreadable body).
 * The handler reads what was checked with `c.req.valid('json' | 'query' | 'param' | 'form')`.
 * `/api/openapi.json` is generated from these declarations by walking the routes the app has
 * mounted (api/src/openapi.ts), and api/test/openapi.int.test.ts fails for a mounted route
 * without one. A routes file makes its own `endpoint` with the defaults of its domain:
 *
 *   const endpoint = endpoints({ tag: 'Gigs' }); // once per routes file: its defaults
 *   new Hono<AppEnv>().patch(
 *     '/gigs/:id',
 *     endpoint({
 *       summary: 'Edit a gig or change its status (owner or admin)',
 *       auth: 'required',
 *       body: gigPatchSchema,
 *       responses: { 200: '{gig}', 409: 'Changed meanwhile' }, // or {description, schema}
 *     }),
 *     async (c) => c.json(await editGig(c.req.param('id'), c.req.valid('json'))),
 *   );
 *
 * Work that must come before validation (a rate limit by IP, an ownership check that answers 404)
 * is a middleware placed before `endpoint(...)` in the chain: it runs where it stands.
 */
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { authorize } from '../auth/middleware';
import type { AppEnv } from '../context';
import { readUploadedFile, type UploadRule } from '../lib/multipart';
import { parseOrThrow, parseQuery, readJson } from '../lib/validation';
import type { Permission } from '../schemas';

/**
 * Who may call the route. Absent: anyone (a token sent is still checked). `optional`: guests and
 * members, who may get more (their own drafts). `required`: a signed-in member. `verified`: one
 * whose email address is verified. `token`: a bearer token the handler checks itself (the token
 * refresh takes an expired one).
 */
type EndpointAuth = 'optional' | 'required' | 'verified' | 'token';

type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A response as documented: a description, or a description with a zod schema of the JSON body
 * (from api/src/schemas where one exists) or the media type of a file (`image/*`). Error statuses
 * (4xx, 5xx) get the API.md error envelope unless a schema is given.
 */
export type EndpointResponse =
  string | { description: string; schema: z.ZodType } | { description: string; media: string };

export interface EndpointSpec {
  summary: string;
  /** More than a line: Markdown, shown under the summary. */
  description?: string;
  /** The group the reference lists it under (one per routes file, from `endpoints()`). */
  tag?: string;
  auth?: EndpointAuth;
  /** A PERMISSIONS entry the caller's role must have (implies `auth: 'required'`). */
  permission?: Permission;
  /** Path parameters: validated (422) and typed; a parameter not listed is a plain string. */
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A JSON body (415 for another media type, 400 for malformed JSON, 422 for field errors). */
  body?: z.ZodType;
  /** A `multipart/form-data` upload with the file in the field `file` (lib/multipart.ts). */
  upload?: UploadRule & { accepts: string };
  /** Statuses 401, 403 and 422 are added from auth, permission and the schemas when not given. */
  responses: Record<number, EndpointResponse>;
  /** For a route mounted with `.all()`: the methods it answers (documented one by one). */
  methods?: readonly Method[];
}

type EndpointDefaults = Pick<EndpointSpec, 'tag' | 'auth' | 'permission'>;

/** What `c.req.valid(...)` returns after the endpoint's checks. */
type Validated<S> = (S extends { params: infer T extends z.ZodType }
  ? { param: z.output<T> }
  : object) &
  (S extends { query: infer T extends z.ZodType } ? { query: z.output<T> } : object) &
  (S extends { body: infer T extends z.ZodType } ? { json: z.output<T> } : object) &
  (S extends { upload: UploadRule } ? { form: { file: Buffer } } : object);

const ENDPOINT = Symbol('endpoint');
/** Hono wraps a sub-app's handlers when that app has its own error handler (hono-base.ts). */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

/** The declaration behind a route handler from `app.routes`, if it is an endpoint's. */
export function endpointOf(handler: unknown): EndpointSpec | undefined {
  if (typeof handler !== 'function') return undefined;
  const own = (handler as { [ENDPOINT]?: EndpointSpec })[ENDPOINT];
  return own ?? endpointOf((handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER]);
}

/** The `endpoint()` of a routes file: its declarations start from `defaults` (tag, auth). */
export function endpoints(defaults: EndpointDefaults) {
  return function endpoint<const S extends EndpointSpec, P extends string = string>(
    declared: S,
  ): MiddlewareHandler<AppEnv, P, { out: Validated<S> }> {
    const spec: EndpointSpec = { ...defaults, ...declared };
    const { auth, permission, params, query, body, upload } = spec;
    const signedIn = permission !== undefined || auth === 'required' || auth === 'verified';
    const check: MiddlewareHandler<AppEnv, P, { out: Validated<S> }> = async (c, next) => {
      if (signedIn) authorize(c, { verified: auth === 'verified', permission });
      if (params) c.req.addValidatedData('param', parseOrThrow(params, c.req.param()) as object);
      if (query) c.req.addValidatedData('query', parseQuery(c, query) as object);
      if (body) c.req.addValidatedData('json', (await readJson(c, body)) as object);
      if (upload) c.req.addValidatedData('form', { file: await readUploadedFile(c, upload) });
      await next();
    };
    return Object.assign(check, { [ENDPOINT]: spec });
  };
}
