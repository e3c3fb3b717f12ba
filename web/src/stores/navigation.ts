import { proxy } from 'valtio';

export interface NavigationState {
  /** Overrides the route's title where the route cannot know it (a /@/:tagname page). */
  title: string;
  /** The mobile menu or a modal covers the page. */
  overlay: boolean;
}

export const navigationStore = proxy<NavigationState>({ title: '', overlay: false });

export function toggleOverlay(force?: boolean): void {
  navigationStore.overlay = force ?? !navigationStore.overlay;
}

export function changeTitle(title: string): void {
  navigationStore.title = title;
}

export function resetNavigation(): void {
  navigationStore.title = '';
  navigationStore.overlay = false;
}
