/// <reference lib="dom" />
// Visiting many routes of the app on one loaded, signed-in page: moving the app's own router from
// route to route (no reload), waiting until a route has shown what it loaded, and reading what a
// spec checks there, each in one round trip to the browser (a loaded CI runner makes every round
// trip slow).
import type { BrowserContext, Page } from '@playwright/test';

/** What a visit found once the page settled. */
export interface Look {
  /** False when the page was still loading after the timeout. */
  settled: boolean;
  /** Path and query. */
  location: string;
  /** The first heading of level 1 on the page, or null. */
  heading: string | null;
  /** The texts of the error alerts in the page's main region. */
  errors: string[];
  /** Why the document is wider than the viewport, or null when it fits. */
  overflow: string | null;
  /** The landmarks outside `#main` (header, navigation, footer): which layout's chrome shows. */
  chrome: string;
}

interface VisitHelpers {
  navigate(url: string): Promise<void>;
  look(timeoutMs: number): Promise<Look>;
}

declare global {
  interface Window {
    __e2eVisits: VisitHelpers;
  }
}

/** Runs in the page (an init script): everything below, with no closure over this module. */
function installVisitHelpers() {
  let inflight = 0;
  // The page's own API requests in flight; the sync gateway's long polls stay open by design.
  const fetchOriginal = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/sync/')) return fetchOriginal(input, init);
    inflight += 1;
    return fetchOriginal(input, init).finally(() => {
      inflight -= 1;
    });
  };

  interface Router {
    navigate(to: string): Promise<void>;
    state: { navigation: { state: string } };
  }
  interface Fiber {
    child: Fiber | null;
    sibling: Fiber | null;
    memoizedProps: { router?: Router } | null;
    /** On the root fiber: the FiberRoot, whose `current` is the tree on screen. */
    stateNode: { current?: Fiber } | null;
  }
  let router: Router | undefined;

  /**
   * The app's router. It is not exposed, so it is found where React keeps it: the props of the
   * RouterProvider element, reached from the root container's fiber (React internals, the same
   * in React 18 and 19; this throws if that changes).
   */
  function findRouter(): Router {
    if (router) return router;
    const container = document.getElementById('root') as unknown as Record<string, Fiber> | null;
    const key = container && Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
    const root = key ? container[key] : undefined;
    const stack: Fiber[] = root ? [root.stateNode?.current ?? root] : [];
    for (let seen = 0; stack.length && seen < 5000; seen += 1) {
      const fiber = stack.pop()!;
      const candidate = fiber.memoizedProps?.router;
      if (candidate && typeof candidate.navigate === 'function') return (router = candidate);
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    throw new Error('The app’s router was not found on the page.');
  }

  /**
   * Loading: the router busy, a request out, a progress bar, `aria-busy`, a skeleton, a status
   * or a "Loading …" line that ends in an ellipsis.
   */
  function isBusy(): boolean {
    const main = document.getElementById('main');
    return (
      !main ||
      (router !== undefined && router.state.navigation.state !== 'idle') ||
      inflight > 0 ||
      document.querySelector(
        '[role="progressbar"][aria-label="Loading page"]:not([data-done]), [aria-busy="true"], [class*="skeleton"]',
      ) !== null ||
      /(^|\n)\s*(Loading|Verifying|Opening|Searching)\b[^\n]*…/.test(main.innerText) ||
      [...main.querySelectorAll('[role="status"]')].some((e) => /…\s*$/.test(e.textContent ?? ''))
    );
  }

  /** Resolves true once nothing is loading for three frames in a row, false after `timeoutMs`. */
  function calm(timeoutMs: number): Promise<boolean> {
    const end = performance.now() + timeoutMs;
    let frames = 0;
    return new Promise((resolve) => {
      const tick = () => {
        frames = isBusy() ? 0 : frames + 1;
        if (frames >= 3) resolve(true);
        else if (performance.now() > end) resolve(false);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  /**
   * Why the document is wider than the viewport, or null: its width, and the outermost elements
   * that stick out past the right edge (not clipped by a scrolling or hidden ancestor, not fixed),
   * each with the innermost one inside it that reaches furthest.
   */
  function overflow(): string | null {
    const width = window.innerWidth;
    const documentWidth = document.documentElement.scrollWidth;
    if (documentWidth <= width) return null;
    const right = (element: Element) => element.getBoundingClientRect().right;
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().width > 0 && right(element) > width + 0.5;
    const excused = (element: Element) => {
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.position === 'fixed') return true;
        if (at !== element && style.overflowX !== 'visible' && !sticksOut(at)) return true;
      }
      return false;
    };
    const offenders = [...document.body.querySelectorAll('*')].filter(
      (element) => sticksOut(element) && !excused(element),
    );
    const set = new Set(offenders);
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      const edge = Math.round(right(element));
      return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''} (right edge ${edge} px)`;
    };
    const outermost = offenders.filter((element) => !set.has(element.parentElement!));
    const lines = outermost.slice(0, 6).map((element) => {
      const inner = offenders
        .filter((other) => other !== element && element.contains(other))
        .filter((other) => ![...other.children].some((child) => set.has(child)))
        .sort((a, b) => right(b) - right(a))[0];
      return inner ? `${describe(element)} ← ${describe(inner)}` : describe(element);
    });
    const culprits = lines.join('; ') || '(no element: a pseudo-element or a margin?)';
    return `the document is ${documentWidth} px wide in a ${width} px viewport; sticking out: ${culprits}`;
  }

  window.__e2eVisits = {
    async navigate(url) {
      await findRouter().navigate(url);
    },
    async look(timeoutMs) {
      const settled = await calm(timeoutMs);
      const main = document.getElementById('main');
      return {
        settled,
        location: location.pathname + location.search,
        heading: document.querySelector('h1')?.textContent?.trim() ?? null,
        errors: main
          ? [...main.querySelectorAll('.alert-error')].map((e) => e.textContent ?? '')
          : [],
        overflow: overflow(),
        chrome: [...document.querySelectorAll('header, nav, footer, aside')]
          .filter((element) => !main?.contains(element))
          .map((element) => `${element.tagName}.${element.className}`)
          .join('|'),
      };
    },
  };
}

/** Makes every page of `context` ready for `visit` and `lookAgain`. */
export async function prepareForVisits(context: BrowserContext): Promise<void> {
  await context.addInitScript(installVisitHelpers);
}

/** Swagger UI takes 8-10 s to render the API reference on a loaded runner. */
const SETTLE_MS = 30_000;

/**
 * Opens `url`: the app's own router takes the page there as a click on a link would (a full
 * load when `load` is true: the first visit), then waits until the page settled. `reloaded`
 * says the app reloaded the document on the way (as it does after a chunk failed to load).
 */
export async function visit(
  page: Page,
  url: string,
  load = false,
): Promise<Look & { reloaded: boolean }> {
  if (load) {
    await page.goto(url);
    return { ...(await lookAgain(page)), reloaded: false };
  }
  try {
    const look = await page.evaluate(
      async ([target, timeout]) => {
        await window.__e2eVisits.navigate(target);
        return window.__e2eVisits.look(timeout);
      },
      [url, SETTLE_MS] as const,
    );
    return { ...look, reloaded: false };
  } catch (error) {
    if (!String(error).includes('Execution context was destroyed')) throw error;
    await page.waitForLoadState();
    return { ...(await lookAgain(page)), reloaded: true };
  }
}

/** The page as it is now, once settled (after a resize, say). */
export function lookAgain(page: Page): Promise<Look> {
  return page.evaluate((timeout) => window.__e2eVisits.look(timeout), SETTLE_MS);
}
