import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every stylesheet of the web app. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

/** The declarations of each rule (the text between its braces) that skips layout off screen. */
const skippedRules = (css: string) =>
  [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1]!)
    .filter((body) => /content-visibility\s*:\s*auto/.test(body));

describe('content-visibility: auto (issue 20)', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const rules = stylesheets(root).flatMap((file) =>
    skippedRules(readFileSync(file, 'utf8')).map((body) => ({ file, body })),
  );

  it('is used (the gig page and Explore skip their sections below the first screen)', () => {
    expect(rules.length).toBeGreaterThan(0);
  });

  // An element skipped off screen takes its estimated size, and with `auto` the size it last
  // had: an estimated or remembered width widened a phone's single column to it (a gig page
  // 400 px wide in a 360 px screen, depending on when its sections were first laid out).
  it('estimates only the block size, never a width', () => {
    for (const { file, body } of rules) {
      const where = `${path.relative(root, file)}: {${body.trim()}}`;
      expect(body, where).toMatch(/contain-intrinsic-block-size\s*:/);
      expect(body, where).not.toMatch(/contain-intrinsic-(size|width|inline-size)\s*:/);
    }
  });
});
