import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSync, updateSync } from '@/stores/sync';
import { SyncIndicator, syncDescription } from './sync-indicator';

afterEach(() => {
  cleanup();
  resetSync();
});

describe('syncDescription', () => {
  it('says what each state means for the changes made here', () => {
    expect(syncDescription({ status: 'online', pending: 0, error: null, refused: 0 })).toBe(
      'Your data is up to date on all your devices.',
    );
    expect(syncDescription({ status: 'offline', pending: 3, error: null, refused: 0 })).toBe(
      'You are offline. Your changes are kept on this device and sync when you reconnect. 3 changes on this device wait to sync.',
    );
    expect(
      syncDescription({ status: 'error', pending: 1, error: 'The server is busy.', refused: 1 }),
    ).toBe(
      'The server is busy. It retries by itself. 1 change on this device waits to sync. 1 change was refused by the server.',
    );
  });
});

describe('SyncIndicator', () => {
  it('renders nothing without a local database, then the state and the pending count', async () => {
    const { container } = render(<SyncIndicator />);
    expect(container.innerHTML).toBe('');
    act(() => updateSync({ db: 'open', status: 'offline', pending: 2 }));
    expect((await screen.findByTestId('sync-indicator')).dataset.state).toBe('offline');
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getByTestId('sync-pending').textContent).toBe('2 waiting');
  });
});
