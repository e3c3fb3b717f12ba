import { describe, expect, it } from 'vitest';
import { localTagnameCheck } from './tagname-check';

describe('localTagnameCheck', () => {
  it('says what it can without the server', () => {
    expect(localTagnameCheck('', null)).toEqual({ state: 'empty' });
    expect(localTagnameCheck('  ', null)).toEqual({ state: 'empty' });
    expect(localTagnameCheck('ab', null)).toEqual({ state: 'invalid' });
    expect(localTagnameCheck('has space', null)).toEqual({ state: 'invalid' });
    expect(localTagnameCheck('dash-ed', null)).toEqual({ state: 'invalid' });
    expect(localTagnameCheck('a'.repeat(31), null)).toEqual({ state: 'invalid' });
    expect(localTagnameCheck('@Sofia', 'sofia')).toEqual({ state: 'current' });
  });

  it('leaves valid new tagnames to the server', () => {
    expect(localTagnameCheck('Ana_Guide_2', null)).toBeNull();
    expect(localTagnameCheck('abc', 'sofia')).toBeNull();
  });
});
