import * as shared from '@wayfarer/api/schemas';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN, TAGNAME_HINT, TAGNAME_RULE, normaliseTagname } from './account-rules';

describe('account rules', () => {
  it('are the shared schemas’ values', () => {
    expect(PASSWORD_MIN).toBe(shared.PASSWORD_MIN);
    expect(TAGNAME_HINT).toBe(shared.TAGNAME_HINT);
    expect(TAGNAME_RULE.source).toBe(shared.TAGNAME_RULE.source);
    expect(TAGNAME_RULE.flags).toBe(shared.TAGNAME_RULE.flags);
  });

  it('normalises a tagname the way the server does', () => {
    expect(normaliseTagname('  @Ana_Guide ')).toBe('ana_guide');
    expect(TAGNAME_RULE.test(normaliseTagname('Ana_Guide'))).toBe(true);
    expect(TAGNAME_RULE.test('ab')).toBe(false);
  });
});
