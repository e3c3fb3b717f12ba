// The agent's money (issue 16): Withdraw History, and Profile Settings with the payout methods
// (withdrawals feature) under the profile sections every area has (routes/account.tsx).
import { PayoutMethods } from '@/features/withdrawals/components/payout-methods';
import { WithdrawPage } from '@/features/withdrawals/components/withdraw-page';
import { AreaProfileSettings } from './account';

export function WithdrawHistory() {
  return <WithdrawPage />;
}

export function AgentProfileSettings() {
  return (
    <AreaProfileSettings>
      <PayoutMethods />
    </AreaProfileSettings>
  );
}
