import { describe, expect, it } from 'vitest';
import { SELLER_LEVEL_RULES, type Reputation } from '../../schemas/reputation';
import { levelOf, missingFor, progressOf } from './reputation.service';

type Measures = Omit<Reputation, 'level'>;

/** Exactly what a level asks for, nothing more. */
const atThreshold = (level: keyof typeof SELLER_LEVEL_RULES): Measures => {
  const rule = SELLER_LEVEL_RULES[level];
  return {
    completed_orders: rule.completed_orders,
    rating: { average: rule.min_rating, count: 10 },
    on_time_rate: rule.min_on_time_rate,
    response_rate: rule.min_response_rate,
    response_time_hours: 3,
    cancellation_rate: rule.max_cancellation_rate,
  };
};

describe('levelOf', () => {
  it('reaches each level exactly at its thresholds', () => {
    expect(levelOf(atThreshold('level_1'))).toBe('level_1');
    expect(levelOf(atThreshold('level_2'))).toBe('level_2');
    expect(levelOf(atThreshold('top_rated'))).toBe('top_rated');
  });

  it('falls back when any one requirement is missed, to the highest level still met', () => {
    const base = atThreshold('level_2');
    // Level 1 asks the same on-time and response rates as Level 2: missing them misses both.
    const misses: [Partial<Measures>, string][] = [
      [{ completed_orders: 19 }, 'level_1'],
      [{ rating: { average: 4.59, count: 30 } }, 'level_1'],
      [{ cancellation_rate: 0.051 }, 'level_1'],
      [{ on_time_rate: 0.89 }, 'new'],
      [{ response_rate: 0.89 }, 'new'],
    ];
    for (const [miss, level] of misses)
      expect(levelOf({ ...base, ...miss }), JSON.stringify(miss)).toBe(level);
  });

  it('needs reviews; a rate with nothing to measure holds nobody back', () => {
    expect(levelOf({ ...atThreshold('level_1'), rating: { average: 0, count: 0 } })).toBe('new');
    expect(
      levelOf({
        ...atThreshold('top_rated'),
        on_time_rate: null,
        response_rate: null,
        response_time_hours: null,
        cancellation_rate: null,
      }),
    ).toBe('top_rated');
  });
});

describe('progressOf', () => {
  it('says what the next level still needs, one sentence per requirement', () => {
    const measures: Measures = {
      completed_orders: 4,
      rating: { average: 4.25, count: 4 },
      on_time_rate: 0.75,
      response_rate: 0.5,
      response_time_hours: 30,
      cancellation_rate: 0.2,
    };
    expect(progressOf({ level: 'new', ...measures }).next).toEqual({
      level: 'level_1',
      missing: [
        '1 more completed order',
        'An average rating of 4.4 or more (now 4.25)',
        'On-time delivery of 90% or more over the last 60 days (now 75%)',
        'Answers within 24 hours to 90% or more of new conversations over the last 60 days (now 50%)',
        'Cancellations at 10% or fewer of ended orders over the last 60 days (now 20%)',
      ],
    });
  });

  it('has no next level at the top', () => {
    const top = atThreshold('top_rated');
    expect(progressOf({ level: 'top_rated', ...top }).next).toBeNull();
    expect(missingFor('top_rated', top)).toEqual([]);
  });
});
