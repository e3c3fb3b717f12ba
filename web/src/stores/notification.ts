import { proxy } from 'valtio';

export type SnackbarKind = 'error' | 'warn' | 'info';

export interface SnackbarMessage {
  id: number;
  message: string;
  kind: SnackbarKind;
}

export type NotifyInput = string | { message: string; kind?: SnackbarKind };

export interface NotificationState {
  /** The one message on screen. */
  current: SnackbarMessage | null;
  /** Messages waiting their turn, oldest first. */
  queue: SnackbarMessage[];
}

/** Spec section 9: each message stays 5000 ms unless clicked. */
export const SNACKBAR_HOLD_MS = 5000;

/** Spec section 8, word for word. */
export const INVALID_MSG_ERROR =
  'Parameter msg is invalid. Expected a String, or an Object with property message[type:String].';

export const notificationStore = proxy<NotificationState>({ current: null, queue: [] });

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function show(message: SnackbarMessage | undefined): void {
  clearTimeout(timer);
  timer = undefined;
  notificationStore.current = message ?? null;
  if (message) timer = setTimeout(() => dismiss(message.id), SNACKBAR_HOLD_MS);
}

/**
 * Shows `msg` now, or after the messages already waiting.
 * Throws when `msg` is neither a string nor an object with a string `message` (callers often pass
 * whatever a `catch` gave them; failing loudly beats an empty snackbar).
 */
export function notify(msg: NotifyInput, kind: SnackbarKind = 'info'): SnackbarMessage {
  let text: string;
  let resolvedKind = kind;
  if (typeof msg === 'string') {
    text = msg;
  } else if (
    typeof msg === 'object' &&
    msg !== null &&
    typeof (msg as { message?: unknown }).message === 'string'
  ) {
    text = msg.message;
    if (msg.kind === 'error' || msg.kind === 'warn' || msg.kind === 'info') resolvedKind = msg.kind;
  } else {
    throw new Error(INVALID_MSG_ERROR);
  }
  const entry: SnackbarMessage = { id: nextId++, message: text, kind: resolvedKind };
  if (notificationStore.current === null) show(entry);
  else notificationStore.queue.push(entry);
  return entry;
}

export const notifyError = (msg: NotifyInput): SnackbarMessage => notify(msg, 'error');
export const notifyWarn = (msg: NotifyInput): SnackbarMessage => notify(msg, 'warn');

/** Removes the message `id` (the current one by default) and shows the next in line. */
export function dismiss(id: number | undefined = notificationStore.current?.id): void {
  if (id === undefined) return;
  if (notificationStore.current?.id === id) {
    show(notificationStore.queue.shift());
  } else {
    const index = notificationStore.queue.findIndex((m) => m.id === id);
    if (index !== -1) notificationStore.queue.splice(index, 1);
  }
}

export function resetNotifications(): void {
  clearTimeout(timer);
  timer = undefined;
  notificationStore.current = null;
  notificationStore.queue = [];
}
