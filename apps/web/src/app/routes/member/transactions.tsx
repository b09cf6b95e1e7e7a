import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { TransactionHistory } from '../../../features/account/components/transaction-history';
import { TRANSACTION_LIST_CONFIG } from '../../../features/account/components/transaction-list-config';
import { useListParams } from '../../../lib/use-list-params';

/**
 * The member's transaction history (docs/business-rules.md): every movement with its running
 * balance.
 */
export default function TransactionsRoute() {
  const list = useListParams(TRANSACTION_LIST_CONFIG);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle
          title={STATEMENT_MESSAGES.historyTitle}
          description="Every movement on your savings, share holdings and loan, with the balance after it."
        />
        <Button asChild variant="outline">
          <Link to={paths.statement}>Generate Statement</Link>
        </Button>
      </div>
      <TransactionHistory list={list} />
    </div>
  );
}
