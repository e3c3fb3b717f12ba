import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { notificationStore, resetNotifications } from '@/stores/notification';
import { useConfirm } from './use-confirm';
import type { ConfirmRequest } from './confirm';

function Harness({ request }: { request: ConfirmRequest }) {
  const { ask, dialog } = useConfirm();
  return (
    <>
      <button type="button" onClick={() => ask(request)}>
        Delete service
      </button>
      {dialog}
    </>
  );
}

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('the confirmation flow', () => {
  afterEach(() => {
    cleanup();
    resetNotifications();
  });

  it('runs nothing until confirmed, then closes and says it is done', async () => {
    const pending = deferred();
    const run = vi.fn(() => pending.promise);
    render(
      <Harness
        request={{
          title: 'Delete Chef?',
          body: 'It disappears from the Services menu.',
          confirmLabel: 'Delete service',
          tone: 'danger',
          run,
          successMessage: 'Chef was deleted.',
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete service' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Chef?' });
    expect(dialog.textContent).toContain('It disappears from the Services menu.');
    expect(run).not.toHaveBeenCalled();

    const confirm = screen.getAllByRole('button', { name: 'Delete service' }).at(-1)!;
    fireEvent.click(confirm);
    expect(run).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Working…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    // Neither a second click nor Cancel interrupts the action on its way.
    fireEvent.click(busy);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeNull();

    await act(async () => pending.resolve());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notificationStore.current?.message).toBe('Chef was deleted.');
  });

  it('keeps the dialog open with the server message when the action is refused', async () => {
    const run = vi.fn(() =>
      Promise.reject(
        new ApiError(409, 'This service has 1 gig: deactivate it instead of deleting it.'),
      ),
    );
    render(
      <Harness
        request={{ title: 'Delete Chef?', body: '', confirmLabel: 'Delete service', run }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete service' }));
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Delete service' }).at(-1)!);
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'This service has 1 gig: deactivate it instead of deleting it.',
    );
    expect(notificationStore.current).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows field errors of a 422 as the reason', async () => {
    const run = () =>
      Promise.reject(
        new ApiError(422, 'The given data was invalid.', {
          role: ['Choose Admin, Customer, Agent, Lecturer or Student.'],
        }),
      );
    render(<Harness request={{ title: 'Change role?', body: '', confirmLabel: 'Change', run }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete service' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose Admin, Customer, Agent, Lecturer or Student.',
    );
  });
});
