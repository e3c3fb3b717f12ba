import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { endpointOf, type EndpointResponse, type EndpointSpec } from './routes/endpoint';
import { errorBodySchema, PERMISSIONS } from './schemas';

/**
 * The OpenAPI 3.1 document of the routes `routes` (an app's `app.routes`) holds: one operation per
 * route whose chain has an `endpoint({...})` (routes/endpoint.ts), in the order they were mounted.
 * Nothing is listed by hand, so the document follows what is mounted (the development outbox only
 * outside production); api/test/openapi.int.test.ts checks that no mounted route lacks one.
 */
export function openApiDocument(routes: readonly RouterRoute[], version: string) {
  const paths: Record<string, Record<string, object>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const spec = endpointOf(route.handler);
    if (!spec) continue;
    const methods = route.method === 'ALL' ? spec.methods : [route.method.toLowerCase()];
    if (!methods?.length) {
      throw new Error(`openapi: ${route.path} is mounted with .all(); its endpoint lists methods`);
    }
    const path = openApiPath(route.path);
    const item = (paths[path] ??= {});
    for (const method of methods) {
      if (item[method]) throw new Error(`openapi: ${method} ${path} has two endpoint() calls`);
      item[method] = operation(spec, route.path);
    }
    if (spec.tag) tags.add(spec.tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wayfarer Market API',
      version,
      description: [
        'Errors are `{message, errors?}`; a 422 carries field errors (`{"field": ["Sentence."]}`).',
        'A JSON body must be sent as `application/json` (else 415) and be valid JSON (else 400).',
        'A bearer token is checked on every route: an expired, bad or revoked one is a 401 even where none is needed.',
        'Lists are `{data, meta: {page, per_page, total, last_page}}`. Money is `{amount, currency}` in minor units.',
        'Rate-limited routes answer 429 with `Retry-After`.',
      ].join('\n\n'),
    },
    tags: [...tags].map((name) => ({ name })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
    paths,
  };
}

/** Hono's `/gigs/:id/images/:imageId` and `/db/*` as OpenAPI paths: `{id}`, `{imageId}`, `{path}`. */
function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}').replace(/\/\*$/, '/{path}');
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return withoutSafeIntegerBounds(rest) as Record<string, unknown>;
}

/** zod bounds every `.int()` by ±2^53−1: true of any JSON number a client sends, so noise here. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(
        ([key, v]) =>
          !(key === 'maximum' && v === Number.MAX_SAFE_INTEGER) &&
          !(key === 'minimum' && v === Number.MIN_SAFE_INTEGER),
      )
      .map(([key, v]) => [key, withoutSafeIntegerBounds(v)]),
  );
}

/** A query of optional, unconstrained text only (`?v=`, `?search=`) is never refused. */
function mayRefuse(query: z.ZodType): boolean {
  const json = jsonSchema(query, 'input') as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const plainText = (property: Record<string, unknown>) =>
    Object.keys(property).every((key) => key === 'type' || key === 'description') &&
    property.type === 'string';
  return !!json.required?.length || !Object.values(json.properties ?? {}).every(plainText);
}

const ERROR_CONTENT = {
  'application/json': { schema: { $ref: '#/components/schemas/Error' } },
};

function response(status: number, declared: EndpointResponse): object {
  if (typeof declared === 'string') {
    return status >= 400
      ? { description: declared, content: ERROR_CONTENT }
      : { description: declared };
  }
  if ('schema' in declared) {
    return {
      description: declared.description,
      content: { 'application/json': { schema: jsonSchema(declared.schema, 'output') } },
    };
  }
  return {
    description: declared.description,
    content: { [declared.media]: { schema: { type: 'string', format: 'binary' } } },
  };
}

/** The statuses every route of a kind has: 401 when signed in, 403 for a rule, 422 for input. */
function impliedResponses(spec: EndpointSpec): Record<number, string> {
  const implied: Record<number, string> = {};
  const signedIn = spec.permission !== undefined || (spec.auth && spec.auth !== 'optional');
  if (signedIn) implied[401] = 'No token, or an expired or revoked one';
  const refusals = [
    ...(spec.auth === 'verified' ? ['the email address is not verified'] : []),
    ...(spec.permission ? ['the account type may not do this'] : []),
  ];
  if (refusals.length) implied[403] = `Refused: ${refusals.join(', or ')}`;
  if (spec.params || (spec.query && mayRefuse(spec.query)) || spec.body) {
    implied[422] = 'Field errors';
  }
  if (spec.upload) implied[422] = 'No file in the field "file"';
  return implied;
}

function operation(spec: EndpointSpec, honoPath: string) {
  const declared = { ...impliedResponses(spec), ...spec.responses };
  const notes = [
    spec.description,
    spec.auth === 'verified' ? 'Needs a verified email address.' : undefined,
    spec.permission
      ? `Needs the \`${spec.permission}\` permission (${PERMISSIONS[spec.permission].join(', ')}).`
      : undefined,
  ].filter(Boolean);
  const parameters = [...pathParameters(honoPath, spec), ...queryParameters(spec)];
  return {
    ...(spec.tag ? { tags: [spec.tag] } : {}),
    summary: spec.summary,
    ...(notes.length ? { description: notes.join('\n\n') } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...security(spec),
    ...requestBody(spec),
    responses: Object.fromEntries(
      Object.entries(declared).map(([status, value]) => [status, response(Number(status), value)]),
    ),
  };
}

function security(spec: EndpointSpec) {
  if (spec.permission || (spec.auth && spec.auth !== 'optional')) {
    return { security: [{ bearer: [] }] };
  }
  return spec.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {};
}

function objectProperties(schema: z.ZodType, io: 'input' | 'output') {
  const json = jsonSchema(schema, io) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  if (!json.properties) throw new Error('openapi: params and query schemas are zod objects');
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}

function pathParameters(honoPath: string, spec: EndpointSpec) {
  const declared = new Map(
    spec.params ? objectProperties(spec.params, 'input').map((p) => [p.name, p]) : [],
  );
  const names = [...honoPath.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const parameters = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    ...(declared.get(name)?.description ? { description: declared.get(name)?.description } : {}),
    schema: declared.get(name)?.schema ?? { type: 'string' },
  }));
  if (honoPath.endsWith('/*')) {
    parameters.push({
      name: 'path',
      in: 'path',
      required: true,
      description: 'The rest of the path, slashes included',
      schema: { type: 'string' },
    });
  }
  return parameters;
}

function queryParameters(spec: EndpointSpec) {
  if (!spec.query) return [];
  return objectProperties(spec.query, 'input').map(({ name, required, description, schema }) => ({
    name,
    in: 'query',
    required,
    ...(description ? { description } : {}),
    schema,
  }));
}

function requestBody(spec: EndpointSpec) {
  if (spec.body) {
    return {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } },
      },
    };
  }
  if (spec.upload) {
    const { accepts, limitLabel } = spec.upload;
    return {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: {
                  type: 'string',
                  format: 'binary',
                  description: `${accepts}, at most ${limitLabel}`,
                },
              },
            },
          },
        },
      },
    };
  }
  return {};
}
