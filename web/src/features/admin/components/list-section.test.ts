import { describe, expect, it } from 'vitest';
import { listCount } from './list-section';

describe('listCount', () => {
  it('says none match when the list is empty', () => {
    expect(listCount({ total: 0, page: 1, last_page: 1 }, 'order', 'orders', true)).toBe(
      'No orders match.',
    );
  });

  it('counts, says match only when filtered, and the page only when there are several', () => {
    expect(listCount({ total: 1, page: 1, last_page: 1 }, 'user', 'users', false)).toBe('1 user.');
    expect(listCount({ total: 1234, page: 2, last_page: 62 }, 'user', 'users', true)).toBe(
      '1,234 users match, page 2 of 62.',
    );
    expect(listCount({ total: 25, page: 1, last_page: 2 }, 'order', 'orders', false)).toBe(
      '25 orders, page 1 of 2.',
    );
  });
});
