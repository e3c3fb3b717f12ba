/** Users of the API for the benchmarks that sync: registered the way a person registers. */

/** How long one request to the API may take. */
const REQUEST_LIMIT_MS = 30_000;

/** The password of every user registered here. */
export const PASSWORD = 'a-good-password';

export interface JsonInit {
  method?: string;
  token?: string;
  body?: unknown;
}

/** A request to the API with a JSON body and a bearer token, as given; at most `limitMs`. */
export function fetchApi(url: string, init: JsonInit, limitMs = REQUEST_LIMIT_MS) {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(limitMs),
  });
}

/** A JSON request to the API; an answer other than `expected` fails with its status and body. */
export async function requestJson<T>(url: string, init: JsonInit, expected: number): Promise<T> {
  const response = await fetchApi(url, init);
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(
      `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface Registered {
  token: string;
  userId: string;
}

/** A Customer's registration body, with the password every user registered here has. */
export const registration = (email: string, fullName: string) => ({
  full_name: fullName,
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  role: 'Customer',
});

/** Registrations asked again after the API shed them (503: its password hashing was full). */
const REGISTER_TRIES = 10;

/**
 * `POST /api/register`: a new customer, with a token. A 503 (the API sheds password hashing
 * beyond its queue, as on a machine busy with other work) is asked again after its Retry-After.
 */
export async function registerUser(
  apiUrl: string,
  email: string,
  fullName: string,
): Promise<Registered> {
  let response = await fetchApi(`${apiUrl}/api/register`, {
    method: 'POST',
    body: registration(email, fullName),
  });
  for (let attempt = 1; response.status === 503 && attempt < REGISTER_TRIES; attempt++) {
    await response.body?.cancel();
    const waitS = Number(response.headers.get('retry-after')) || 1;
    await new Promise((resolve) => setTimeout(resolve, waitS * 1000));
    response = await fetchApi(`${apiUrl}/api/register`, {
      method: 'POST',
      body: registration(email, fullName),
    });
  }
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`POST /api/register answered ${response.status}: ${text.slice(0, 300)}`);
  const registered = JSON.parse(text) as { token?: string; user?: { id?: string } };
  if (!registered.token || !registered.user?.id) {
    throw new Error(`register answered without a token or user: ${JSON.stringify(registered)}`);
  }
  return { token: registered.token, userId: registered.user.id };
}

/**
 * `POST /api/login` as a user registered by `registerUser`: a new token (an access token lasts an
 * hour; a long run signs in again before it measures).
 */
export async function loginUser(apiUrl: string, email: string): Promise<Registered> {
  const login = await requestJson<{ token: string; user: { id: string } }>(
    `${apiUrl}/api/login`,
    { method: 'POST', body: { email, password: PASSWORD } },
    200,
  );
  return { token: login.token, userId: login.user.id };
}

/** `POST /api/login` as the seeded demo agent Amara: her token and id. */
export async function demoAgent(apiUrl: string): Promise<Registered> {
  const login = await requestJson<{ token: string; user: { id: string } }>(
    `${apiUrl}/api/login`,
    { method: 'POST', body: { email: 'amara@wayfarer.test', password: 'wayfarer-demo' } },
    200,
  );
  return { token: login.token, userId: login.user.id };
}

/** `POST /api/gigs`: an active walking tour by the agent of `token`, one Basic package ($45). */
export async function createWalkGig(
  apiUrl: string,
  token: string,
  title: string,
): Promise<{ id: string; title: string }> {
  const created = await requestJson<{ gig: { id: string; title: string } }>(
    `${apiUrl}/api/gigs`,
    {
      method: 'POST',
      token,
      body: {
        title,
        service_id: 'tour-guide',
        description: 'Two hours through the Plateau and the Kermel market with a licensed guide.',
        status: 'active',
        packages: [
          {
            tier: 'basic',
            name: 'Walk',
            price: { amount: 4_500, currency: 'USD' },
            delivery_days: 2,
            revisions: 1,
          },
        ],
      },
    },
    201,
  );
  return created.gig;
}
