import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from './logger';
import { guardProcess } from './process-guards';

function setup() {
  const target = new EventEmitter();
  const logger = { error: vi.fn(), fatal: vi.fn() };
  const exit = vi.fn();
  guardProcess(logger as unknown as Logger, target as unknown as NodeJS.Process, exit);
  return { target, logger, exit };
}

describe('guardProcess', () => {
  it('logs an unhandled rejection as an error and keeps the process running', () => {
    const { target, logger, exit } = setup();
    const reason = new Error('a background write failed');
    target.emit('unhandledRejection', reason, Promise.resolve());
    expect(logger.error).toHaveBeenCalledWith(
      { err: reason },
      expect.stringContaining('keeps running'),
    );
    expect(exit).not.toHaveBeenCalled();
  });

  it('logs an uncaught exception as fatal and exits with status 1', () => {
    const { target, logger, exit } = setup();
    const error = new TypeError('x is undefined');
    target.emit('uncaughtException', error, 'uncaughtException');
    expect(logger.fatal).toHaveBeenCalledWith(
      { err: error, origin: 'uncaughtException' },
      expect.any(String),
    );
    expect(exit).toHaveBeenCalledWith(1);
  });
});
