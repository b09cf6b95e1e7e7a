import { useMatch } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import {
  WITHDRAWAL_LIST_CONFIG,
  WithdrawalsView,
} from '../../../features/withdrawals/components/withdrawals-view';
import { useListParams } from '../../../lib/use-list-params';

/**
 * docs/member-portal.md §2 Withdrawals; /withdrawals/new opens the request dialog
 * (docs/business-rules.md).
 */
export default function WithdrawalsRoute() {
  const isNew = useMatch('/withdrawals/new') !== null;
  // The route owns the list's state (docs/decisions/128-list-pages-route-owns-state.md).
  const list = useListParams(WITHDRAWAL_LIST_CONFIG);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Withdrawals"
        description="Withdraw from your savings or share holding, and follow your requests."
      />
      <WithdrawalsView list={list} openDialog={isNew} />
    </div>
  );
}
