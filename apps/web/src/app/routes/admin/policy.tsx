import { PageTitle } from '../../../components/layouts/page-title';
import { PolicyForm } from '../../../features/back-office/components/policy-form';

export default function AdminPolicyRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Policy"
        description="The cooperative's rules for loans, withdrawals, fines and disbursements."
      />
      <PolicyForm />
    </div>
  );
}
