import { Page } from '../../../components/layouts/page';
import { PolicyForm } from '../../../features/back-office/components/policy-form';

export default function AdminPolicyRoute() {
  return (
    <Page
      title="Policy"
      description="The cooperative's rules for loans, withdrawals, fines and disbursements."
    >
      <PolicyForm />
    </Page>
  );
}
