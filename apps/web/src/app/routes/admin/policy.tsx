import { PAYROLL_ALLOCATION_RULE } from '@coop/shared/payroll-rules';
import { Page } from '../../../components/layouts/page';
import { PolicyForm } from '../../../features/back-office/components/policy-form';

export default function AdminPolicyRoute() {
  return (
    <Page
      title="Policy"
      description="The cooperative's rules for loans, withdrawals, fines and disbursements."
    >
      <PolicyForm />
      {/* The payroll's allocation rule is fixed, not a setting (docs/decisions/155-payroll-actuals.md). */}
      <section aria-labelledby="payroll-allocation" className="grid gap-2">
        <h2 id="payroll-allocation" className="text-lg font-semibold">
          Payroll deductions
        </h2>
        <p className="text-muted-foreground">{PAYROLL_ALLOCATION_RULE}</p>
      </section>
    </Page>
  );
}
