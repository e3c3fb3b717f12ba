import { expect, type Page } from '@playwright/test';

/**
 * Issue 20: how far below each hint or error inside `container` the next label (or legend) in
 * its column starts, in px; a hint that runs into the next label gives 0 or less.
 */
export const hintGaps = (page: Page, container: string) =>
  page.locator(container).evaluateAll((sections) =>
    sections.flatMap((section) => {
      const labels = [...section.querySelectorAll('label, legend')].map((el) =>
        el.getBoundingClientRect(),
      );
      return [...section.querySelectorAll('.field-hint, .field-error')].flatMap((hint) => {
        const box = hint.getBoundingClientRect();
        const gaps = labels
          .filter((l) => l.top > box.top && l.left < box.right && l.right > box.left)
          .map((l) => Math.round(l.top - box.bottom));
        return gaps.length ? [Math.min(...gaps)] : [];
      });
    }),
  );

/**
 * Every hint and error in `container` keeps at least 12 px above the next label, at 360 and at
 * 1280 px wide; the viewport is restored afterwards. `fewest`: how many hints must have been
 * measured (a step without hints passes 0), so a renamed container cannot pass unmeasured.
 */
export async function expectHintsClearOfLabels(
  page: Page,
  container: string,
  what: string,
  fewest = 1,
) {
  const before = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const gaps = await hintGaps(page, container);
    expect(gaps.length, `${what}: hints measured`).toBeGreaterThanOrEqual(fewest);
    for (const gap of gaps) expect(gap, `${what} at ${width} px`).toBeGreaterThanOrEqual(12);
  }
  if (before) await page.setViewportSize(before);
}
