// window.open is replaced here: happy-dom opens no windows. The real popup is covered by the
// e2e share test in Chromium.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareWidget } from './share-widget';

describe('<ShareWidget>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    cleanup();
  });

  it('opens a 626×436 popup without an opener and reports its closing within 500 ms', () => {
    const popup = { closed: false, opener: {} as unknown, location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const onOpen = vi.fn();
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <ShareWidget
          url="https://wayfarer.market/blogs/a"
          title="A post"
          onOpen={onOpen}
          onClose={onClose}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(screen.getByRole('link', { name: 'LinkedIn' }));

    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[2]).toMatch(/^width=626,height=436,/);
    expect(popup.opener).toBeNull();
    expect(popup.location.href).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fwayfarer.market%2Fblogs%2Fa',
    );
    expect(onOpen).toHaveBeenCalledWith('linkedin');

    act(() => vi.advanceTimersByTime(1500));
    expect(onClose).not.toHaveBeenCalled();
    popup.closed = true;
    act(() => vi.advanceTimersByTime(499));
    // Checked every 500 ms: the check after the window closed reports it, once.
    act(() => vi.advanceTimersByTime(501));
    expect(onClose).toHaveBeenCalledExactlyOnceWith('linkedin');
    act(() => vi.advanceTimersByTime(5000));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('hands mail, SMS and Viber to the device', () => {
    const open = vi.spyOn(window, 'open');
    render(
      <MemoryRouter>
        <ShareWidget url="https://wayfarer.market/" title="Wayfarer" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('link', { name: 'SMS' }).getAttribute('href')).toMatch(/^sms:\?body=/);
    expect(screen.getByRole('link', { name: 'Viber' }).getAttribute('href')).toMatch(/^viber:/);
    expect(open).not.toHaveBeenCalled();
  });
});
