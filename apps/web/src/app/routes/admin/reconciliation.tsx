import { Download } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { QueryState } from '../../../components/list/query-state';
import { PageTitle } from '../../../components/layouts/page-title';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../features/back-office/api/download-file';
import { useReconciliation } from '../../../features/back-office/api/get-reconciliation';
import { ListFilters } from '../../../components/list/list-filters';
import {
  RECONCILIATION_CONFIG,
  RECONCILIATION_FILTERS,
} from '../../../features/back-office/components/list-configs';
import { ReconciliationView } from '../../../features/back-office/components/reconciliation-view';
import { failureMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/use-list-params';

export default function AdminReconciliationRoute() {
  const list = useListParams(RECONCILIATION_CONFIG);
  const period = { startDate: list.query.startDate, endDate: list.query.endDate };
  const reconciliation = useReconciliation(period);
  const download = (format: 'csv' | 'pdf') =>
    downloadFile(
      `/admin/reconciliation/export.${format}`,
      period,
      `reconciliation.${format}`,
    ).catch((error: unknown) =>
      toast.error('Error', { description: failureMessage(error, 'The download failed') }),
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle
          title="Reconciliation"
          description="The books for an auditor: this month unless you pick a period."
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void download('csv')}>
            <Download aria-hidden="true" />
            Download CSV
          </Button>
          <Button variant="outline" onClick={() => void download('pdf')}>
            <Download aria-hidden="true" />
            Download PDF
          </Button>
        </div>
      </div>
      <ListFilters
        list={list}
        filters={RECONCILIATION_FILTERS}
        title="Choose a period"
        description="Money in and out is counted for these dates."
      />
      <QueryState
        isPending={reconciliation.isPending}
        errorMessage={
          reconciliation.isError
            ? failureMessage(reconciliation.error, 'Failed to fetch the reconciliation')
            : null
        }
        onRetry={() => void reconciliation.refetch()}
        isEmpty={false}
        emptyMessage=""
        loadingLabel="Loading the reconciliation"
      >
        {reconciliation.data ? <ReconciliationView data={reconciliation.data.data} /> : null}
      </QueryState>
    </div>
  );
}
