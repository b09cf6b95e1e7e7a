import { Page } from '../../../components/layouts/page';
import { ApprovalsView } from '../../../features/back-office/components/approvals-view';

/** Two-person changes (docs/administrators.md "Approvals"). */
export default function AdminApprovalsRoute() {
  return (
    <Page
      title="Approvals"
      description="Changes to officers and to the policy's controls take effect only when a second officer approves them. Proposals expire after 7 days."
    >
      <ApprovalsView />
    </Page>
  );
}
