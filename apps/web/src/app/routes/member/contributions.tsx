import { Link } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { Button } from '../../../components/ui/button';
import { ListFilters } from '../../../components/list/list-filters';
import {
  CONTRIBUTION_FILTERS,
  CONTRIBUTION_LIST_CONFIG,
  CONTRIBUTION_MOBILE_FILTERS,
  CONTRIBUTION_SEARCH,
} from '../../../features/contributions/components/contribution-list-config';
import { ContributionsList } from '../../../features/contributions/components/contributions-list';
import { paths } from '../../../config/paths';
import { useListParams } from '../../../lib/use-list-params';

/**
 * docs/member-portal.md §2 Contributions page; the list's page, filters and search live in the URL.
 */
export default function ContributionsRoute() {
  const list = useListParams(CONTRIBUTION_LIST_CONFIG);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle
          title="Contributions"
          description="Manage your monthly savings and share holding contributions."
        />
        {/* The instruction behind these rows, and each month's deduction against it. */}
        <Button asChild variant="outline">
          <Link to={paths.deductions}>My payroll deductions</Link>
        </Button>
      </div>
      {/* This list is the payroll's; a voluntary deposit is a deposit notice (docs/decisions/042). */}
      <p className="text-sm text-muted-foreground">
        This list shows your payroll deductions. Voluntary deposits are listed under Your deposit
        notices on{' '}
        <Link
          className="font-medium text-primary underline underline-offset-4"
          to={paths.makeContribution}
        >
          Make Contribution
        </Link>
        ; once verified, each is a contribution in{' '}
        <Link
          className="font-medium text-primary underline underline-offset-4"
          to={paths.transactions}
        >
          Transaction History
        </Link>
        , dated the day of the transfer.
      </p>
      <ListFilters
        list={list}
        filters={CONTRIBUTION_FILTERS}
        phoneFilters={CONTRIBUTION_MOBILE_FILTERS}
        title="Search contributions"
        description="Find contributions by month, amount or status."
        search={CONTRIBUTION_SEARCH}
      />
      <ContributionsList list={list} />
    </div>
  );
}
