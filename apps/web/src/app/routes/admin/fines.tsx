import { PageTitle } from '../../../components/layouts/page-title';
import { FinesQueue } from '../../../features/fines/components/officer/fines-queue';
import { IssueFineDialog } from '../../../features/fines/components/officer/issue-fine-dialog';
import { FINE_LIST_CONFIG } from '../../../features/fines/components/officer/fine-list-config';
import { useListParams } from '../../../lib/use-list-params';

/**
 * Fines (docs/decisions/043-admin-money-and-late-repayment-fines.md): fines issued to one member or
 * many, waived with a reason, or marked paid.
 */
export default function AdminFinesRoute() {
  const list = useListParams(FINE_LIST_CONFIG);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle
          title="Fines"
          description="Issue a fine to one member or several, waive one with a reason, or record it paid."
        />
        <IssueFineDialog />
      </div>
      <FinesQueue list={list} />
    </div>
  );
}
