import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../config/env';

export interface Client {
  /** The address rate limits and view counts are kept per ("unknown" without a socket). */
  ip: string;
  userAgent: string;
}

/** The address of the TCP peer, or undefined when there is no socket (app.request in tests). */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client's address from `X-Forwarded-For` when `trustedHops` proxies stand in front of the
 * API: each proxy appends the address it received the request from, so the hop-th entry from the
 * right is the address the outermost trusted proxy saw. Entries further left were written by the
 * client (or untrusted proxies) and could be anything, so they are never used. Undefined when the
 * header is missing or holds fewer entries than there are trusted hops.
 */
export function forwardedClient(
  header: string | undefined,
  trustedHops: number,
): string | undefined {
  if (!header || trustedHops < 1) return undefined;
  const hops = header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const entry = hops[hops.length - trustedHops];
  return entry && /^[0-9A-Fa-f:.]+$/.test(entry) ? entry : undefined;
}

/**
 * Who is calling: the peer's address, or with `TRUST_PROXY` the client address the load balancer
 * forwarded (see forwardedClient). The one place rate limits and view counting get an address.
 */
export function clientOf(c: Context, env: Pick<Env, 'TRUST_PROXY'>): Client {
  const peer = socketAddress(c);
  const forwarded = env.TRUST_PROXY
    ? forwardedClient(c.req.header('x-forwarded-for'), env.TRUST_PROXY)
    : undefined;
  return { ip: forwarded ?? peer ?? 'unknown', userAgent: c.req.header('user-agent') ?? '' };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** Headers a proxy adds: a request carrying any of them did not come straight from this machine. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Sent from this machine, not relayed: a loopback peer and no forwarding header. */
export function isDirectLocalRequest(c: Context): boolean {
  if (!isLoopback(socketAddress(c))) return false;
  return FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined);
}
