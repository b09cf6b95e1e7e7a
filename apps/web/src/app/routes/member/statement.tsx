import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { PageTitle } from '../../../components/layouts/page-title';
import { SavingsHistory } from '../../../features/account/components/savings-history';
import { StatementView } from '../../../features/account/components/statement-view';

/**
 * /reports/statement (docs/business-rules.md "What the screens do without being asked"): a period's
 * statement, PDF and CSV.
 */
export default function StatementRoute() {
  return (
    <div className="grid gap-6">
      <PageTitle
        title={STATEMENT_MESSAGES.statementTitle}
        description="Opening and closing balances and every movement of a period."
      />
      <StatementView />
      <SavingsHistory />
    </div>
  );
}
