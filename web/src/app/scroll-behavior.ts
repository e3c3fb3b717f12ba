// What happens to the scroll position and the focus after a navigation (spec sections 2 and 9):
// back and forward restore the saved position; a hash scrolls to its anchor (60 px above it, in
// a 60 ms animation); otherwise the page scrolls to the top 300 ms later, unless the route opts
// out (`handle.scrollToTop: false`) or only the query of the same page was replaced (a filter).
// Focus moves to the new page's heading so keyboard and screen reader users start there.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType, type NavigationType } from 'react-router-dom';
import type { RouteHandle } from './use-document-title';

export const SCROLL = { delayMs: 300, animationMs: 60, offset: -60 } as const;

const STORAGE_KEY = 'wayfarer:scroll-positions';
/** Oldest positions are forgotten beyond this many history entries. */
const MAX_SAVED = 100;

export type ScrollPlan =
  | { kind: 'restore'; y: number }
  | { kind: 'anchor'; id: string }
  | { kind: 'top'; delayMs: number }
  | { kind: 'stay' };

export interface ScrollContext {
  /** The app's first render (a fresh load or a reload), not a navigation. */
  isFirstRender: boolean;
  navigationType: `${NavigationType}`;
  /** `#anchor` or ''. */
  hash: string;
  /** Where this history entry was scrolled to when it was left, if known. */
  savedY: number | undefined;
  /** The route asked to keep the position (`handle.scrollToTop: false`). */
  optsOut: boolean;
  /** The path is the one before (only the query or hash changed). */
  isSamePath: boolean;
}

export function planScroll(context: ScrollContext): ScrollPlan {
  if (context.navigationType === 'POP' && context.savedY !== undefined) {
    return { kind: 'restore', y: context.savedY };
  }
  if (context.hash.length > 1) {
    let id = context.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: use the id as written.
    }
    return { kind: 'anchor', id };
  }
  if (context.isFirstRender || context.optsOut) return { kind: 'stay' };
  if (context.isSamePath && context.navigationType === 'REPLACE') return { kind: 'stay' };
  return { kind: 'top', delayMs: SCROLL.delayMs };
}

/** Where to scroll so that `element` sits `SCROLL.offset` px below the top of the viewport. */
function anchorTarget(element: Element): number {
  return Math.max(0, element.getBoundingClientRect().top + window.scrollY + SCROLL.offset);
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls to `y` in `SCROLL.animationMs` (at once with reduced motion); returns a cancel. */
function animateScrollTo(y: number): () => void {
  const from = window.scrollY;
  if (prefersReducedMotion() || Math.abs(y - from) < 1) {
    window.scrollTo(0, y);
    return () => undefined;
  }
  let frame = 0;
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / SCROLL.animationMs);
    const eased = t * (2 - t);
    window.scrollTo(0, from + (y - from) * eased);
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

function loadPositions(): Map<string, number> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const entries = raw ? (JSON.parse(raw) as [string, number][]) : [];
    return new Map(entries.filter(([k, y]) => typeof k === 'string' && Number.isFinite(y)));
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    const entries = [...positions].slice(-MAX_SAVED);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: positions live for this page only.
  }
}

/** Moves focus to the new page's main heading, or its `main`, without scrolling. */
function focusPage(): void {
  const main = document.getElementById('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

function focusAnchor(element: HTMLElement): void {
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus({ preventScroll: true });
}

/** Runs the scroll plan and the focus move after each navigation; call once, in the root route. */
export function useScrollBehavior(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const previousPath = useRef<string | null>(null);

  positions.current ??= loadPositions();

  // Scrolling is the app's job from here on (the browser would restore too early).
  useEffect(() => {
    const history = window.history;
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        positions.current?.set(currentKey.current, window.scrollY),
      );
    };
    const persist = () => {
      positions.current?.set(currentKey.current, window.scrollY);
      if (positions.current) savePositions(positions.current);
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      history.scrollRestoration = previous;
    };
  }, []);

  const optsOut = matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.scrollToTop === false,
  );

  useLayoutEffect(() => {
    const isFirstRender = previousPath.current === null;
    const isSamePath = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    currentKey.current = location.key;

    const plan = planScroll({
      isFirstRender,
      navigationType,
      hash: location.hash,
      savedY: positions.current?.get(location.key),
      optsOut,
      isSamePath,
    });
    const cleanups: (() => void)[] = [];

    if (plan.kind === 'restore') window.scrollTo(0, plan.y);
    if (plan.kind === 'top') {
      const timer = setTimeout(() => window.scrollTo(0, 0), plan.delayMs);
      cleanups.push(() => clearTimeout(timer));
    }
    if (plan.kind === 'anchor') {
      // The anchor may arrive a little after the page (content loaded by a component).
      let tries = 0;
      let frame = 0;
      const find = () => {
        const element = document.getElementById(plan.id);
        if (element) {
          cleanups.push(animateScrollTo(anchorTarget(element)));
          if (!isFirstRender) focusAnchor(element);
        } else if (tries++ < 60) {
          frame = requestAnimationFrame(find);
        }
      };
      find();
      cleanups.push(() => cancelAnimationFrame(frame));
    } else if (!isFirstRender && !isSamePath) {
      focusPage();
    }
    return () => cleanups.forEach((cleanup) => cleanup());
    // One plan per history entry: the key says the location changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
