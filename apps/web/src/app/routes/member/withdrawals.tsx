import { useMatch } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { WithdrawalsView } from '../../../features/withdrawals/components/withdrawals-view';

/** Spec §2 Withdrawals; /withdrawals/new opens the request dialog (DESIGN §6). */
export default function WithdrawalsRoute() {
  const isNew = useMatch('/withdrawals/new') !== null;
  return (
    <div className="grid gap-6">
      <PageTitle
        title="Withdrawals"
        description="Withdraw from your savings or share holding, and follow your requests."
      />
      <WithdrawalsView openDialog={isNew} />
    </div>
  );
}
