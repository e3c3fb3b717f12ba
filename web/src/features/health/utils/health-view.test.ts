import { describe, expect, it } from 'vitest';
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  toApiError,
} from '@/lib/api-client';
import { API_UNREACHABLE_REASON, healthFromError, healthFromResponse } from './health-view';

describe('healthFromResponse', () => {
  it('is ok for a 200 {status: "ok"}', () => {
    expect(
      healthFromResponse({
        status: 'ok',
        api: { status: 'ok', version: '0.1.0', uptime_s: 12 },
        couch: { status: 'ok', embedded: true, version: '4.17.0' },
      }),
    ).toEqual({ state: 'ok', apiVersion: '0.1.0', embedded: true });
  });

  it('is down for any other body', () => {
    expect(healthFromResponse({ status: 'error', message: 'Nope.' })).toEqual({
      state: 'down',
      reason: 'Nope.',
    });
    expect(healthFromResponse(undefined)).toEqual({ state: 'down', reason: GENERIC_ERROR_MESSAGE });
  });
});

describe('healthFromError', () => {
  it('shows the message of a 503', () => {
    const error = toApiError(503, {
      status: 'error',
      message: 'The database server is unreachable.',
      api: { status: 'ok', version: '0.1.0', uptime_s: 3 },
      couch: { status: 'down', embedded: true },
    });
    expect(healthFromError(error)).toEqual({
      state: 'down',
      reason: 'The database server is unreachable.',
    });
  });

  it('explains a network error and a gateway with nothing behind it', () => {
    expect(healthFromError(new ApiError(0, NETWORK_ERROR_MESSAGE))).toEqual({
      state: 'down',
      reason: NETWORK_ERROR_MESSAGE,
    });
    expect(healthFromError(toApiError(502, ''))).toEqual({
      state: 'down',
      reason: API_UNREACHABLE_REASON,
    });
  });

  it('falls back to the generic sentence for anything else', () => {
    expect(healthFromError(new Error('x'))).toEqual({
      state: 'down',
      reason: GENERIC_ERROR_MESSAGE,
    });
  });
});
