// The XHR sender under the API client: XMLHttpRequest is replaced by a scripted one (the real
// upload runs in e2e/), so each test says what the "server" answers and when progress comes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, setToken } from '@/stores/auth';
import { ApiError, INPUT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, api } from './api-client';
import { opened, ScriptedXhr } from '@/testing/scripted-xhr';
import { sendWithProgress, type UploadProgress } from './upload-progress';

const form = () => {
  const body = new FormData();
  body.append('file', new Blob(['%PDF-1.4']), 'cv.pdf');
  return body;
};

describe('sendWithProgress under the API client', () => {
  beforeEach(() => {
    clearAuth();
    ScriptedXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the body with the client headers, reports progress and returns the parsed JSON', async () => {
    setToken('jwt.abc');
    const seen: UploadProgress[] = [];
    const body = form();
    const answer = api.post<{ user: string }>('/user/cv', body, {
      send: sendWithProgress((progress) => seen.push(progress)),
    });
    const xhr = await opened();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/user/cv');
    expect(xhr.body).toBe(body);
    expect(xhr.headers.authorization).toBe('Bearer jwt.abc');
    expect(xhr.headers.accept).toBe('application/json');
    // FormData: the browser writes the multipart content type with its boundary.
    expect(xhr.headers['content-type']).toBeUndefined();

    xhr.progress(0, null);
    xhr.progress(512, 2048);
    xhr.progress(2048, 2048);
    xhr.respond(200, JSON.stringify({ user: 'u1' }), { 'Content-Type': 'application/json' });
    await expect(answer).resolves.toEqual({ user: 'u1' });
    expect(seen).toEqual([
      { loaded: 0, total: null },
      { loaded: 512, total: 2048 },
      { loaded: 2048, total: 2048 },
    ]);
  });

  it('maps a refusal as the client maps any: field errors, message, Retry-After', async () => {
    const answer = api.post('/user/avatar', form(), { send: sendWithProgress(() => {}) });
    (await opened()).respond(
      422,
      JSON.stringify({ errors: { file: ['The photo must be a PNG, JPEG or WebP image.'] } }),
      { 'Content-Type': 'application/json', 'Retry-After': '30' },
    );
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: INPUT_ERROR_MESSAGE,
      errors: { file: ['The photo must be a PNG, JPEG or WebP image.'] },
      retryAfterSeconds: 30,
    });
  });

  it('turns a failed connection into the network error (status 0)', async () => {
    const answer = api.post('/gigs/g1/images', form(), { send: sendWithProgress(() => {}) });
    (await opened()).fail();
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('stops the upload when the signal aborts, and lets the AbortError through', async () => {
    const controller = new AbortController();
    const answer = api.post('/jobs/j1/attachments', form(), {
      send: sendWithProgress(() => {}),
      signal: controller.signal,
    });
    const xhr = await opened();
    controller.abort();
    expect(xhr.isAborted).toBe(true);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers a 204 without a body', async () => {
    const answer = api.post('/x', form(), { send: sendWithProgress(() => {}) });
    (await opened()).respond(204, '');
    await expect(answer).resolves.toBeUndefined();
  });
});
