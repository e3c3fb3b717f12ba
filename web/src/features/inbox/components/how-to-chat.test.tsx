import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HowToChatButton } from './how-to-chat';

afterEach(() => cleanup());

describe('How to Chat', () => {
  it('opens the spec’s Markdown rules with this device’s keys, and closes', () => {
    render(<HowToChatButton />);
    fireEvent.click(screen.getByRole('button', { name: 'How to Chat' }));
    const dialog = screen.getByRole('dialog', { name: 'How to Chat' });
    expect(screen.getByTestId('how-to-chat-rules').textContent).toBe(
      'The chat system is based on Markdown; press Shift+Enter twice for a new line (Enter sends), *text* or _text_ for italic, **text** for bold, ***text*** for bold italic.',
    );
    expect(dialog.querySelector('strong > em')?.textContent).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
