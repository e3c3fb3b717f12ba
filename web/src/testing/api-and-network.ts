// Helpers for component tests: the API's answers (a stubbed `fetch`), the connection
// (navigator.onLine and its events) and typing into a labelled field.
import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

/** A JSON response of the API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs `fetch` with `answer` for every request; returns the mock to inspect the calls. */
export function fakeApi(answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let isOnline = true;

/** Makes navigator.onLine follow `setOnline`, starting online (call it in beforeEach). */
export function fakeOnlineStatus() {
  isOnline = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
}

/** Goes offline or back online: navigator.onLine and the window's event. */
export function setOnline(online: boolean) {
  isOnline = online;
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** Types `value` into the field labelled exactly `label`. */
export const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
