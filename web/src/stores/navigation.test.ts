import { beforeEach, describe, expect, it } from 'vitest';
import { changeTitle, navigationStore, resetNavigation, toggleOverlay } from './navigation';

describe('navigation store', () => {
  beforeEach(() => resetNavigation());

  it('starts with an empty title and no overlay', () => {
    expect(navigationStore.title).toBe('');
    expect(navigationStore.overlay).toBe(false);
  });

  it('toggles the overlay on and off, or to a forced value', () => {
    toggleOverlay();
    expect(navigationStore.overlay).toBe(true);
    toggleOverlay();
    expect(navigationStore.overlay).toBe(false);
    toggleOverlay(false);
    expect(navigationStore.overlay).toBe(false);
    toggleOverlay(true);
    expect(navigationStore.overlay).toBe(true);
  });

  it('replaces the title', () => {
    changeTitle('@ana_guide');
    expect(navigationStore.title).toBe('@ana_guide');
    changeTitle('Inbox');
    expect(navigationStore.title).toBe('Inbox');
  });
});
