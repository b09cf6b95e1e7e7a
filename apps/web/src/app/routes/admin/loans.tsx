import { Page } from '../../../components/layouts/page';
import { ListFilters } from '../../../components/list/list-filters';
import {
  LOAN_FILTERS,
  LOAN_LIST_CONFIG,
} from '../../../features/loans/components/officer/pipeline-list-config';
import { LoansList } from '../../../features/loans/components/officer/loans-list';
import { useListParams } from '../../../lib/use-list-params';

export default function AdminLoansRoute() {
  const list = useListParams(LOAN_LIST_CONFIG);
  return (
    <Page
      title="Loans"
      description="Every loan by status. Open one to disburse it, record a repayment or see its history."
    >
      <ListFilters
        list={list}
        filters={LOAN_FILTERS}
        title="Search loans"
        description="Find loans by member, loan ID, status or request date."
        search={{ label: 'Search', placeholder: 'Member name, ID or loan ID' }}
      />
      <LoansList list={list} />
    </Page>
  );
}
