import { PageTitle } from '../../../components/layouts/page-title';
import {
  DEPOSIT_NOTICE_LIST_CONFIG,
  MakeContributionView,
} from '../../../features/deposit-notices/components/make-contribution-view';
import { useListParams } from '../../../lib/use-list-params';

/** Quick action Make Contribution (/contributions/new; docs/decisions/042-deposit-notices.md). */
export default function MakeContributionRoute() {
  // The route owns the deposit notices list's state
  // (docs/decisions/128-list-pages-route-owns-state.md).
  const list = useListParams(DEPOSIT_NOTICE_LIST_CONFIG);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Make Contribution"
        description="Your payroll deduction, and how to add a voluntary deposit."
      />
      <MakeContributionView list={list} />
    </div>
  );
}
