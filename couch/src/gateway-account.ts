import type { ServerScope } from 'nano';

export const GATEWAY_USER = 'wayfarer_gateway';
export const GATEWAY_ROLE = 'wayfarer_gateway';

function statusOf(error: unknown): number | undefined {
  const e = error as { statusCode?: number };
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

/**
 * The CouchDB account the sync gateway uses: not an admin, a member of user databases only.
 * Through it CouchDB itself refuses server databases, design documents, `_security` and
 * configuration, and `validate_doc_update` can tell a user's write (this account) from the
 * server's (an admin). Idempotent; the password is (re)set when it does not authenticate.
 * `user` is the account's name: GATEWAY_USER after the deployment's prefix (`couchNames`).
 */
export async function ensureGatewayAccount(
  server: ServerScope,
  origin: string,
  password: string,
  user: string = GATEWAY_USER,
  timeoutMs = 10_000,
): Promise<void> {
  const works = await fetch(`${origin}/_session`, {
    headers: {
      authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'),
    },
    signal: AbortSignal.timeout(timeoutMs),
  })
    .then(async (r) => ((await r.json()) as { userCtx?: { name?: string } }).userCtx?.name === user)
    .catch(() => false);
  if (works) return;
  const users = server.use<Record<string, unknown>>('_users');
  const id = `org.couchdb.user:${user}`;
  let rev: string | undefined;
  try {
    rev = (await users.get(id))._rev;
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
  await users.insert({
    _id: id,
    ...(rev ? { _rev: rev } : {}),
    name: user,
    type: 'user',
    roles: [GATEWAY_ROLE],
    password,
  });
}
