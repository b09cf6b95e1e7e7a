import { QueryState } from '../../../components/list/query-state';
import { PageTitle } from '../../../components/layouts/page-title';
import { useOverview } from '../../../features/back-office/api/get-overview';
import { OverviewView } from '../../../features/back-office/components/overview-view';
import { failureMessage } from '../../../lib/api-client';

export default function AdminOverviewRoute() {
  const overview = useOverview();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Back office"
        description="The cooperative at a glance and the work waiting for you."
      />
      <QueryState
        isPending={overview.isPending}
        errorMessage={
          overview.isError ? failureMessage(overview.error, 'Failed to fetch the overview') : null
        }
        onRetry={() => void overview.refetch()}
        isEmpty={false}
        emptyMessage=""
        loadingLabel="Loading the overview"
      >
        {overview.data ? <OverviewView overview={overview.data.data} /> : null}
      </QueryState>
    </div>
  );
}
