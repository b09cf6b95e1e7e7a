import { RecordState } from '../../../components/list/record-state';
import { Page } from '../../../components/layouts/page';
import { useOverview } from '../../../features/back-office/api/get-overview';
import { OverviewView } from '../../../features/back-office/components/overview-view';

export default function AdminOverviewRoute() {
  const overview = useOverview();
  return (
    <Page
      title="Back office"
      description="The cooperative at a glance and the work waiting for you."
    >
      <RecordState
        query={overview}
        failure="Failed to fetch the overview"
        loadingLabel="Loading the overview"
      >
        {(answer) => <OverviewView overview={answer.data} />}
      </RecordState>
    </Page>
  );
}
