import { PageTitle } from '../../../components/layouts/page-title';
import { MakeContributionView } from '../../../features/deposit-notices/components/make-contribution-view';

/** Quick action Make Contribution (/contributions/new; DESIGN §7 voluntary deposits). */
export default function MakeContributionRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Make Contribution"
        description="Your payroll deduction, and how to add a voluntary deposit."
      />
      <MakeContributionView />
    </div>
  );
}
