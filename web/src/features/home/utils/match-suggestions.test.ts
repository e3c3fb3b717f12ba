import { describe, expect, it } from 'vitest';
import { matchSuggestions } from './match-suggestions';

const s = (label: string) => ({ label, href: `/services/${label}` });
const ALL = [s('Travel Agent'), s('Tour Guide'), s('Travel Consultant'), s('Chef')];

describe('matchSuggestions', () => {
  it('matches every word, prefix matches first', () => {
    expect(matchSuggestions('', ALL)).toEqual([]);
    expect(matchSuggestions('travel', ALL).map((m) => m.label)).toEqual([
      'Travel Agent',
      'Travel Consultant',
    ]);
    expect(matchSuggestions('guide tour', ALL).map((m) => m.label)).toEqual(['Tour Guide']);
    expect(matchSuggestions('ag', ALL).map((m) => m.label)).toEqual(['Travel Agent']);
    expect(matchSuggestions('  CHÉF ', ALL).map((m) => m.label)).toEqual(['Chef']);
  });
});
