import { PageTitle } from '../../../components/layouts/page-title';
import { ApprovalsView } from '../../../features/back-office/components/approvals-view';

/** Two-person changes (docs/administrators.md "Approvals"). */
export default function AdminApprovalsRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Approvals"
        description="Changes to officers and to the policy's controls take effect only when a second officer approves them. Proposals expire after 7 days."
      />
      <ApprovalsView />
    </div>
  );
}
