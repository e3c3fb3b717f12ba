/**
 * Runs design-document functions the way CouchDB does, for unit tests: the source text of a
 * map, reduce or validate function evaluated with CouchDB's globals (emit, sum, isArray, log).
 */
export type Emitted = [unknown, unknown][];

function compile<T>(source: string, globals: Record<string, unknown>): T {
  const names = Object.keys(globals);
  const factory = new Function(...names, `"use strict"; return (${source});`) as (
    ...args: unknown[]
  ) => T;
  return factory(...names.map((n) => globals[n]));
}

const common = {
  sum: (values: number[]) => values.reduce((a, b) => a + b, 0),
  isArray: Array.isArray,
  log: () => undefined,
  toJSON: (v: unknown) => JSON.stringify(v),
};

export function runMap(source: string, doc: Record<string, unknown>): Emitted {
  const emitted: Emitted = [];
  const map = compile<(doc: unknown) => void>(source, {
    ...common,
    emit: (key: unknown, value: unknown) => emitted.push([key, value]),
  });
  map(structuredClone(doc));
  return emitted;
}

export interface UserCtx {
  name: string | null;
  roles: string[];
  db?: string;
}

/** Returns the `{forbidden}` or `{unauthorized}` object the function threw, or null if it passed. */
export function runValidate(
  source: string,
  newDoc: Record<string, unknown>,
  oldDoc: Record<string, unknown> | null,
  userCtx: UserCtx,
  secObj: object = {},
): { forbidden?: string; unauthorized?: string } | null {
  const validate = compile<(n: unknown, o: unknown, u: unknown, s: unknown) => void>(
    source,
    common,
  );
  try {
    validate(structuredClone(newDoc), oldDoc && structuredClone(oldDoc), userCtx, secObj);
    return null;
  } catch (thrown) {
    if (
      thrown &&
      typeof thrown === 'object' &&
      ('forbidden' in thrown || 'unauthorized' in thrown)
    ) {
      return thrown as { forbidden?: string; unauthorized?: string };
    }
    throw thrown;
  }
}
