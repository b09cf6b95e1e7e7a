import { Download } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { RecordState } from '../../../components/list/record-state';
import { Page } from '../../../components/layouts/page';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../features/back-office/api/download-file';
import { useReconciliation } from '../../../features/back-office/api/get-reconciliation';
import { ListFilters } from '../../../components/list/list-filters';
import {
  RECONCILIATION_CONFIG,
  RECONCILIATION_FILTERS,
} from '../../../features/back-office/components/list-configs';
import { ReconciliationView } from '../../../features/back-office/components/reconciliation-view';
import { PAYROLL_RECONCILIATION_CONFIG } from '../../../features/payroll/components/officer/payroll-reconciliation-config';
import { PayrollReconciliationList } from '../../../features/payroll/components/officer/payroll-reconciliation-list';
import { failureMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/use-list-params';

/**
 * The reconciliation: each posted payroll month against what its employer remitted (with Record
 * remittance, docs/decisions/157-payroll-remittances.md), then the books for an auditor. Two lists
 * read the one URL (decision 128): the payroll months' filters and pages, and the period.
 */
export default function AdminReconciliationRoute() {
  const list = useListParams(RECONCILIATION_CONFIG);
  const months = useListParams(PAYROLL_RECONCILIATION_CONFIG);
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
    <Page
      title="Reconciliation"
      description="What each employer deducted and paid over, and the books for an auditor: this month unless you pick a period."
      actions={
        <>
          <Button variant="outline" onClick={() => void download('csv')}>
            <Download aria-hidden="true" />
            Download CSV
          </Button>
          <Button variant="outline" onClick={() => void download('pdf')}>
            <Download aria-hidden="true" />
            Download PDF
          </Button>
        </>
      }
    >
      <section aria-labelledby="payroll-months-heading" className="grid grid-cols-1 gap-3">
        <h2 id="payroll-months-heading" className="text-lg font-semibold">
          Payroll months
        </h2>
        <p className="text-sm text-muted-foreground">
          What each payroll group deducted in a posted month, what its employer paid over to the
          bank, and what is still outstanding.
        </p>
        <PayrollReconciliationList list={months} />
      </section>
      <h2 className="text-lg font-semibold">The books</h2>
      <ListFilters
        list={list}
        filters={RECONCILIATION_FILTERS}
        title="Choose a period"
        description="Money in and out is counted for these dates."
      />
      <RecordState
        query={reconciliation}
        failure="Failed to fetch the reconciliation"
        loadingLabel="Loading the reconciliation"
      >
        {(answer) => <ReconciliationView data={answer.data} />}
      </RecordState>
    </Page>
  );
}
