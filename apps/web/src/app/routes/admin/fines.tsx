import { Page } from '../../../components/layouts/page';
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
    <Page
      title="Fines"
      description="Issue a fine to one member or several, waive one with a reason, or record it paid."
      actions={<IssueFineDialog />}
    >
      <FinesQueue list={list} />
    </Page>
  );
}
