import type { MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Env } from '../config/env';
import { clientOf } from './client';
import { tooManyRequests } from './errors';

/**
 * Rate limits for the account endpoints (login, register, password mail and reset), per address
 * and per IP. rate-limiter-flexible is a maintained limiter with the same interface for memory,
 * Redis and others; memory is per API instance, which bounds abuse per instance.
 */
type RateLimitKind = 'login' | 'register' | 'password' | 'verify' | 'contact';

export interface RateLimits {
  /** Counts one attempt; throws a 429 with Retry-After when a limit is exceeded. */
  hit(kind: RateLimitKind, keys: { address?: string; ip?: string }): Promise<void>;
  reset(kind: RateLimitKind, address: string): Promise<void>;
}

const WINDOW_SECONDS = 15 * 60;

/**
 * Counts the request against `kind`'s limit per IP, as a middleware: placed before a route's
 * `endpoint()`, so attempts with a malformed body count too.
 */
export function limitByIp(
  deps: { rateLimits: RateLimits; env: Pick<Env, 'TRUST_PROXY'> },
  kind: RateLimitKind,
): MiddlewareHandler {
  return async (c, next) => {
    await deps.rateLimits.hit(kind, { ip: clientOf(c, deps.env).ip });
    await next();
  };
}

export function createRateLimits(options: { perAddress: number; perIp: number }): RateLimits {
  const limiters = new Map<string, { address: RateLimiterMemory; ip: RateLimiterMemory }>();
  const forKind = (kind: string) => {
    let pair = limiters.get(kind);
    if (!pair) {
      pair = {
        address: new RateLimiterMemory({
          keyPrefix: `${kind}:address`,
          points: options.perAddress,
          duration: WINDOW_SECONDS,
        }),
        ip: new RateLimiterMemory({
          keyPrefix: `${kind}:ip`,
          points: options.perIp,
          duration: WINDOW_SECONDS,
        }),
      };
      limiters.set(kind, pair);
    }
    return pair;
  };
  const consume = async (limiter: RateLimiterMemory, key: string) => {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
      throw rejection;
    }
  };
  return {
    async hit(kind, { address, ip }) {
      const pair = forKind(kind);
      if (ip) await consume(pair.ip, ip);
      if (address) await consume(pair.address, address.trim().toLowerCase());
    },
    async reset(kind, address) {
      await forKind(kind).address.delete(address.trim().toLowerCase());
    },
  };
}
