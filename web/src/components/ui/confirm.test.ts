import { describe, expect, it } from 'vitest';
import { CLOSED, confirmReducer, type ConfirmRequest, type ConfirmState } from './confirm';

const request: ConfirmRequest = {
  title: 'Suspend Kenji?',
  body: 'Kenji is signed out everywhere.',
  confirmLabel: 'Suspend user',
  run: () => Promise.resolve(),
};

const run = (...actions: Parameters<typeof confirmReducer>[1][]): ConfirmState =>
  actions.reduce(confirmReducer, CLOSED);

describe('confirmReducer', () => {
  it('asks, runs and closes on success', () => {
    expect(run({ type: 'ask', request })).toEqual({ status: 'asking', request, error: null });
    expect(run({ type: 'ask', request }, { type: 'start' })).toEqual({
      status: 'running',
      request,
    });
    expect(run({ type: 'ask', request }, { type: 'start' }, { type: 'done' })).toBe(CLOSED);
  });

  it('stays open with the error after a failure, and can be tried again', () => {
    const failed = run(
      { type: 'ask', request },
      { type: 'start' },
      { type: 'fail', message: 'No.' },
    );
    expect(failed).toEqual({ status: 'asking', request, error: 'No.' });
    expect(confirmReducer(failed, { type: 'start' })).toEqual({ status: 'running', request });
  });

  it('cancels while asking but not while the action runs', () => {
    expect(run({ type: 'ask', request }, { type: 'cancel' })).toBe(CLOSED);
    const running = run({ type: 'ask', request }, { type: 'start' });
    expect(confirmReducer(running, { type: 'cancel' })).toBe(running);
  });

  it('does not run without a question, nor replace a running one', () => {
    expect(run({ type: 'start' })).toBe(CLOSED);
    expect(run({ type: 'done' })).toBe(CLOSED);
    const running = run({ type: 'ask', request }, { type: 'start' });
    const other = { ...request, title: 'Delete?' };
    expect(confirmReducer(running, { type: 'ask', request: other })).toBe(running);
  });

  it('a new question clears the old error', () => {
    const failed = run(
      { type: 'ask', request },
      { type: 'start' },
      { type: 'fail', message: 'No.' },
    );
    expect(confirmReducer(failed, { type: 'ask', request })).toEqual({
      status: 'asking',
      request,
      error: null,
    });
  });
});
