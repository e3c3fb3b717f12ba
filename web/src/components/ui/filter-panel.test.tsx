import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterPanel } from './filter-panel';
import { stubWidthMatches } from '@/testing/media';

const panel = (activeCount: number) => (
  <FilterPanel activeCount={activeCount}>
    <label>
      Service <select />
    </label>
  </FilterPanel>
);

describe('<FilterPanel>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('on a phone hides the filters behind a Filters button that shows and hides them', () => {
    stubWidthMatches(false);
    render(panel(0));
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Service' })).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Service' })).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.hidden).toBe(false);

    fireEvent.click(button);
    expect(screen.queryByRole('combobox', { name: 'Service' })).toBeNull();
  });

  it('says on the button how many filters are active', () => {
    stubWidthMatches(false);
    render(panel(3));
    expect(screen.getByRole('button', { name: 'Filters 3 active' })).toBeTruthy();
  });

  it('on a wide screen shows the filters, with no button', () => {
    stubWidthMatches(true);
    render(panel(2));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Service' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeTruthy();
  });
});
