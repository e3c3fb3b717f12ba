import { describe, expect, it } from 'vitest';
import { toBalance } from './orders';

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('toBalance', () => {
  it('reads minor units under `balance`', () => {
    expect(
      toBalance({
        balance: {
          currency: 'USD',
          spent: 7500,
          in_escrow: 0,
          pending_clearance: 6750,
          available: 0,
          earned: 6750,
        },
      }),
    ).toEqual({
      spent: usd(7500),
      in_escrow: usd(0),
      pending_clearance: usd(6750),
      available: usd(0),
      earned: usd(6750),
    });
  });

  it('reads money objects at the top level', () => {
    expect(
      toBalance({
        available: usd(100),
        pending_clearance: usd(6750),
        pending_payout: usd(0),
        withdrawn: usd(0),
        earned: usd(6850),
        spent: usd(0),
        in_escrow: usd(0),
      }),
    ).toEqual({
      spent: usd(0),
      in_escrow: usd(0),
      pending_clearance: usd(6750),
      available: usd(100),
      earned: usd(6850),
    });
  });

  it('is zero where the answer says nothing', () => {
    expect(toBalance({}).earned).toEqual(usd(0));
  });
});
