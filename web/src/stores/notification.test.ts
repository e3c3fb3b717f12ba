import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INVALID_MSG_ERROR,
  SNACKBAR_HOLD_MS,
  dismiss,
  notificationStore,
  notify,
  notifyError,
  notifyWarn,
  resetNotifications,
} from './notification';

describe('notification store (snackbar)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetNotifications();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a string as an info message', () => {
    notify('Saved.');
    expect(notificationStore.current).toMatchObject({ message: 'Saved.', kind: 'info' });
  });

  it('accepts an object with a string message, and the kinds error and warn', () => {
    notify({ message: 'Network is slow.', kind: 'warn' });
    expect(notificationStore.current).toMatchObject({ message: 'Network is slow.', kind: 'warn' });
    resetNotifications();
    notify(new Error('Boom'), 'error');
    expect(notificationStore.current).toMatchObject({ message: 'Boom', kind: 'error' });
    resetNotifications();
    notifyError('Failed.');
    expect(notificationStore.current?.kind).toBe('error');
    resetNotifications();
    notifyWarn({ message: 'Careful.' });
    expect(notificationStore.current?.kind).toBe('warn');
  });

  it.each([[undefined], [null], [42], [{}], [{ message: 42 }], [['text']]])(
    'rejects %j with the spec text',
    (msg) => {
      expect(() => notify(msg as never)).toThrow(new Error(INVALID_MSG_ERROR));
      expect(INVALID_MSG_ERROR).toBe(
        'Parameter msg is invalid. Expected a String, or an Object with property message[type:String].',
      );
      expect(notificationStore.current).toBeNull();
    },
  );

  it('auto-dismisses after 5000 ms', () => {
    expect(SNACKBAR_HOLD_MS).toBe(5000);
    notify('Hello');
    vi.advanceTimersByTime(4999);
    expect(notificationStore.current?.message).toBe('Hello');
    vi.advanceTimersByTime(1);
    expect(notificationStore.current).toBeNull();
  });

  it('shows one message at a time; the next gets its own full hold', () => {
    notify('first');
    notify('second');
    notify('third');
    expect(notificationStore.current?.message).toBe('first');
    expect(notificationStore.queue.map((m) => m.message)).toEqual(['second', 'third']);
    vi.advanceTimersByTime(SNACKBAR_HOLD_MS);
    expect(notificationStore.current?.message).toBe('second');
    vi.advanceTimersByTime(SNACKBAR_HOLD_MS - 1);
    expect(notificationStore.current?.message).toBe('second');
    vi.advanceTimersByTime(1);
    expect(notificationStore.current?.message).toBe('third');
  });

  it('dismisses the current message on demand (a click) and restarts the hold for the next', () => {
    notify('first');
    notify('second');
    vi.advanceTimersByTime(3000);
    dismiss();
    expect(notificationStore.current?.message).toBe('second');
    vi.advanceTimersByTime(3000);
    expect(notificationStore.current?.message).toBe('second');
    dismiss(notificationStore.current?.id);
    expect(notificationStore.current).toBeNull();
    expect(notificationStore.queue).toEqual([]);
  });

  it('can drop a waiting message by id without touching the current one', () => {
    notify('first');
    const waiting = notify('second');
    dismiss(waiting.id);
    expect(notificationStore.current?.message).toBe('first');
    expect(notificationStore.queue).toEqual([]);
  });
});
