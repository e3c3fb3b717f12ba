// A scripted XMLHttpRequest for the upload tests: the test says what the "server" answers and
// when the upload's progress events come (the real upload runs in e2e/).
import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

export class ScriptedXhr {
  static last: ScriptedXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  responseType = '';
  status = 0;
  statusText = '';
  response: Blob | null = null;
  isAborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;
  private responseHeaders = '';

  constructor() {
    ScriptedXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }

  // The script.
  progress(loaded: number, total: number | null) {
    this.upload.onprogress?.(
      new ProgressEvent('progress', {
        loaded,
        total: total ?? 0,
        lengthComputable: total !== null,
      }),
    );
  }
  respond(status: number, body: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : '';
    this.response = new Blob([body]);
    this.responseHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    this.onload?.(new ProgressEvent('load'));
  }
  fail() {
    this.onerror?.(new ProgressEvent('error'));
  }
}

/** The request the sender opened, once the client has sent it (after its async token step). */
export async function opened(): Promise<ScriptedXhr> {
  await vi.waitFor(() => {
    if (!ScriptedXhr.last?.body) throw new Error('not sent yet');
  });
  return ScriptedXhr.last!;
}
