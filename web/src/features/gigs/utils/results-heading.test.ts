import { describe, expect, it } from 'vitest';
import { resultsHeading } from './results-heading';

const list = (total: number, total_capped = false) => ({ meta: { total, total_capped } });

describe('resultsHeading', () => {
  it('counts gigs, for the words searched', () => {
    expect(resultsHeading('ready', list(1), { q: 'desert' })).toBe('1 gig for “desert”');
    expect(resultsHeading('ready', list(3), { q: '' })).toBe('3 gigs');
    expect(resultsHeading('ready', list(0), {})).toBe('0 gigs');
  });

  it('says "or more" when the total counts only the matches read so far', () => {
    expect(resultsHeading('ready', list(21, true), { q: 'tour' })).toBe('21+ gigs for “tour”');
    expect(resultsHeading('ready', list(1, true), {})).toBe('1+ gigs');
  });

  it('while loading or after an error', () => {
    expect(resultsHeading('loading', list(3), { q: 'x' })).toBe('Searching…');
    expect(resultsHeading('ready', null, {})).toBe('Searching…');
    expect(resultsHeading('error', list(3), {})).toBe('No results');
  });
});
