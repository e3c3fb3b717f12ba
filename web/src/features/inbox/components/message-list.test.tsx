import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { MessagesStore } from '../api/messages-store';
import { MessageList, PAGE_SIZE } from './message-list';

afterEach(() => cleanup());

const store = { attachment: () => Promise.resolve(null) } as unknown as MessagesStore;

function messages(count: number): MessageDoc[] {
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2030, 0, 1 + Math.floor(i / 50), 10, i % 50)).toISOString();
    return {
      _id: `message:m${String(i).padStart(7, '0')}`,
      type: 'message',
      id: `m${String(i).padStart(7, '0')}`,
      to: 'kai',
      body: `Message number ${i}`,
      created_at: at,
      sent_at: at,
      status: 'read',
      from_me: i % 2 === 0,
    };
  });
}

function renderList(list: MessageDoc[]) {
  return render(
    <MessageList
      messages={list}
      store={store}
      isOffline={false}
      otherName="Kai Keys"
      onRetry={vi.fn()}
      onDiscard={vi.fn()}
      empty={<p>Say hello</p>}
    />,
  );
}

describe('MessageList', () => {
  it('shows the latest messages and loads older ones on demand', () => {
    renderList(messages(100));
    expect(screen.getAllByTestId('message')).toHaveLength(PAGE_SIZE);
    expect(screen.getByText('Message number 99')).toBeTruthy();
    expect(screen.queryByText('Message number 59')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(screen.getAllByTestId('message')).toHaveLength(2 * PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(screen.getAllByTestId('message')).toHaveLength(100);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(screen.getByText('This is the beginning of your conversation.')).toBeTruthy();
  });

  it('separates days', () => {
    const { container } = renderList(messages(60));
    expect(container.querySelectorAll('.msg-day')).toHaveLength(2);
  });

  it('says what to do when there is nothing yet', () => {
    renderList([]);
    expect(screen.getByText('Say hello')).toBeTruthy();
    expect(screen.getByRole('log', { name: 'Messages' })).toBeTruthy();
  });
});
