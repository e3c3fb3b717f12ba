import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notify, resetNotifications } from '@/stores/notification';
import { Snackbar } from './snackbar';

describe('<Snackbar>', () => {
  beforeEach(() => resetNotifications());
  afterEach(() => {
    cleanup();
    resetNotifications();
  });

  it('shows the current message with its kind and dismisses it on click', async () => {
    render(<Snackbar />);
    act(() => {
      notify('Could not save.', 'error');
      notify('Saved later.');
    });
    const first = await screen.findByRole('button', { name: /Could not save\./ });
    expect(first.className).toContain('snackbar-error');
    fireEvent.click(first);
    const second = await screen.findByRole('button', { name: /Saved later\./ });
    expect(second.className).toContain('snackbar-info');
  });
});
