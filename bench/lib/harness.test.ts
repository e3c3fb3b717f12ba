import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect } from 'vitest';
import {
  formatMs,
  formatRatio,
  formatTable,
  measure,
  nodeFlags,
  percentile,
  ratio,
  resultsFileName,
  withoutPassword,
} from './harness';

describe('percentile (nearest rank)', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('returns the sample at the nearest rank', () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 99.5)).toBe(100);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile(oneToHundred, 0)).toBe(1);
  });

  it('always returns one of the samples', () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
    expect(percentile([7], 99)).toBe(7);
  });

  it('sorts numerically without modifying the input', () => {
    const values = [5, 100, 20, 1, 3];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 100)).toBe(100);
    expect(values).toEqual([5, 100, 20, 1, 3]);
  });

  it('rejects no values and percentiles outside 0-100', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('ratios', () => {
  it('divides the row by the baseline', () => {
    expect(ratio(500, 1000)).toBe(0.5);
    expect(ratio(3, 1.5)).toBe(2);
  });

  it('has no ratio against a zero or non-finite baseline', () => {
    expect(ratio(5, 0)).toBeUndefined();
    expect(ratio(5, Number.NaN)).toBeUndefined();
    expect(ratio(Number.POSITIVE_INFINITY, 1)).toBeUndefined();
  });

  it('formats with two decimals and an x', () => {
    expect(formatRatio(1)).toBe('1.00x');
    expect(formatRatio(0.4249)).toBe('0.42x');
    expect(formatRatio(12.345)).toBe('12.35x');
    expect(formatRatio(undefined)).toBe('n/a');
  });
});

describe('formatMs', () => {
  it('keeps whole milliseconds whole and rounds the rest to two decimals', () => {
    expect(formatMs(0)).toBe('0');
    expect(formatMs(41)).toBe('41');
    expect(formatMs(1.234)).toBe('1.23');
  });
});

describe('formatTable', () => {
  const rows = [
    { name: 'bare', requests_per_sec: 20000, p50_ms: 0, p99_ms: 2, errors: 0, non2xx: 0 },
    { name: 'api', requests_per_sec: 5000, p50_ms: 1.5, p99_ms: 5, errors: 0, non2xx: 3 },
  ];

  it('shows ratios against the baseline row in aligned columns', () => {
    const lines = formatTable(rows, 'bare').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^benchmark\s+req\/s\s+p50 ms\s+p99 ms\s+req\/s ratio\s+p99 ratio/);
    expect(lines[2]).toMatch(/^bare \(baseline\)\s+20000\s+0\s+2\s+1\.00x\s+1\.00x\s+0$/);
    expect(lines[3]).toMatch(/^api\s+5000\s+1\.50\s+5\s+0\.25x\s+2\.50x\s+3$/);
    // Fixed width: every line as long as the header.
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it('shows n/a when the baseline figure is zero', () => {
    const zero = [{ ...rows[0]!, p99_ms: 0 }, rows[1]!];
    expect(formatTable(zero, 'bare').split('\n')[3]).toMatch(/0\.25x\s+n\/a\s+3$/);
  });

  it('refuses a baseline that is not among the rows', () => {
    expect(() => formatTable(rows, 'missing')).toThrow(/missing/);
  });
});

describe('resultsFileName', () => {
  it('is a plain file name with the time', () => {
    expect(resultsFileName('http-baseline', new Date('2025-01-31T10:00:00.123Z'))).toBe(
      'http-baseline-2025-01-31T10-00-00-123Z.json',
    );
  });
});

describe('nodeFlags', () => {
  it('shows the tsx loader as --import tsx and keeps other flags', () => {
    const npxTsx = [
      '--require',
      '/repo/node_modules/tsx/dist/preflight.cjs',
      '--import',
      'file:///repo/node_modules/tsx/dist/loader.mjs',
      '--max-old-space-size=512',
    ];
    expect(nodeFlags(npxTsx)).toEqual(['--import', 'tsx', '--max-old-space-size=512']);
    expect(nodeFlags(['--import', 'tsx'])).toEqual(['--import', 'tsx']);
    expect(nodeFlags(['--import', './other.mjs'])).toEqual(['--import', './other.mjs']);
    expect(nodeFlags([])).toEqual([]);
  });
});

describe('measure with paths', () => {
  it('takes the paths in turn, over every connection', async () => {
    const seen = new Map<string, number>();
    const server = http.createServer((req, res) => {
      seen.set(req.url!, (seen.get(req.url!) ?? 0) + 1);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await measure('paths', {
        url: `http://127.0.0.1:${port}/unused`,
        paths: ['/a?x=1', '/b', '/c'],
        connections: 2,
        durationSeconds: 0.5,
        warmupSeconds: 0,
      });
      expect(result.non2xx + result.errors).toBe(0);
      expect([...seen.keys()].sort()).toEqual(['/a?x=1', '/b', '/c']);
      const counts = [...seen.values()];
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('withoutPassword', () => {
  it("hides a URL's password and leaves everything else as it is", () => {
    expect(withoutPassword('http://admin:secret@127.0.0.1:5984')).toBe(
      'http://admin:***@127.0.0.1:5984/',
    );
    expect(withoutPassword('http://127.0.0.1:5984')).toBe('http://127.0.0.1:5984');
    expect(withoutPassword('1000,10000')).toBe('1000,10000');
    expect(withoutPassword('a:b@c')).toBe('a:b@c');
  });
});
