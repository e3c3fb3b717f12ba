import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

afterEach(() => cleanup());

function setup(disabledReason: string | null = null) {
  const onSend = vi.fn(() => Promise.resolve());
  render(<Composer draftKey="conv:a:b" disabledReason={disabledReason} onSend={onSend} />);
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { onSend, box };
}

describe('Composer', () => {
  it('sends with Enter and keeps Shift+Enter for line breaks', async () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: 'line one\n\nline two  \n' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    // Trailing blank space goes; the Markdown inside stays as written.
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('line one\n\nline two', null));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('does not send empty text, or more than 5,000 characters', async () => {
    const { onSend, box } = setup();
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    expect(screen.getByText('1 characters over the 5,000 limit')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'A message has at most 5,000 characters.',
    );
    fireEvent.change(box, { target: { value: 'x'.repeat(4600) } });
    expect(screen.getByText('400 characters left')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('says why it cannot send', () => {
    const { onSend, box } = setup('You blocked @kai. Unblock them to write again.');
    expect(screen.getByText('You blocked @kai. Unblock them to write again.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image or a PDF by its content, and takes one that is', async () => {
    const { onSend, box } = setup();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const fake = new File(['<script>alert(1)</script>'], 'photo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [fake] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Attach a PNG, JPEG or WebP image or a PDF document.',
    );
    const pdf = new File(['%PDF-1.4 ...'], 'Plan.PDF', { type: '' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText('Plan.pdf')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith(
        '',
        expect.objectContaining({ name: 'Plan.pdf', type: 'application/pdf' }),
      ),
    );
  });
});
