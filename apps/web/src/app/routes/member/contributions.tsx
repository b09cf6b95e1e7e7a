import { PageTitle } from '../../../components/layouts/page-title';
import { ContributionFilters } from '../../../features/contributions/components/contribution-filters';
import { CONTRIBUTION_LIST_CONFIG } from '../../../features/contributions/components/contribution-list-config';
import { ContributionsList } from '../../../features/contributions/components/contributions-list';
import { useListParams } from '../../../lib/use-list-params';

/** Spec §2 Contributions page; the list's page, filters and search live in the URL. */
export default function ContributionsRoute() {
  const list = useListParams(CONTRIBUTION_LIST_CONFIG);
  return (
    <div className="grid gap-6">
      <PageTitle
        title="Contributions"
        description="Manage your monthly savings and share holding contributions."
      />
      <ContributionFilters list={list} />
      <ContributionsList list={list} />
    </div>
  );
}
