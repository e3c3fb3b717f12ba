import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { MessagesStore } from '../api/messages-store';
import { MessageItem } from './message-item';

afterEach(() => cleanup());

const store = { attachment: () => Promise.resolve(null) } as unknown as MessagesStore;

function renderMessage(overrides: Partial<MessageDoc>, isOffline = false) {
  const onRetry = vi.fn();
  const onDiscard = vi.fn();
  const message: MessageDoc = {
    _id: 'message:abcdefgh',
    type: 'message',
    id: 'abcdefgh',
    to: 'kai',
    body: 'Hello **Kai**',
    created_at: '2030-01-01T10:00:00.000Z',
    status: 'pending',
    ...overrides,
  };
  render(
    <ul>
      <MessageItem
        message={message}
        store={store}
        isOffline={isOffline}
        otherName="Kai Keys"
        onRetry={onRetry}
        onDiscard={onDiscard}
      />
    </ul>,
  );
  return { onRetry, onDiscard, item: screen.getByTestId('message') };
}

describe('MessageItem', () => {
  it.each([
    [{ status: 'pending' as const }, false, 'Sending'],
    [{ status: 'pending' as const }, true, 'Waiting for a connection'],
    [
      { status: 'delivered' as const, from_me: true, sent_at: '2030-01-01T10:00:01.000Z' },
      false,
      'Delivered',
    ],
    [
      { status: 'read' as const, from_me: true, sent_at: '2030-01-01T10:00:01.000Z' },
      false,
      'Read',
    ],
  ])('marks my message %o (offline: %s) as %s', (overrides, isOffline, text) => {
    const { item } = renderMessage(overrides, isOffline);
    expect(item.getAttribute('data-status')).toBe(overrides.status);
    expect(item.querySelector('.msg-status')?.textContent).toContain(text);
    expect(item.textContent).toContain('You:');
  });

  it('shows no status on their messages, and names them', () => {
    const { item } = renderMessage({
      status: 'delivered',
      from_me: false,
      sent_at: '2030-01-01T10:00:01.000Z',
    });
    expect(item.querySelector('.msg-status')).toBeNull();
    expect(item.textContent).toContain('Kai Keys:');
    expect(item.querySelector('strong')?.textContent).toBe('Kai');
  });

  it('says why a message was refused and offers to send it again or delete it', () => {
    const { onRetry, onDiscard } = renderMessage({
      status: 'failed',
      from_me: true,
      error: 'This member is not accepting messages from you.',
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'This member is not accepting messages from you.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });
});
