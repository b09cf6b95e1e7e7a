import { Page } from '../../../components/layouts/page';
import { PayrollView } from '../../../features/payroll/components/officer/payroll-view';

export default function AdminPayrollRoute() {
  return (
    <Page
      title="Payroll deductions"
      description="Upload a month's deductions, check the preview, then post them. Rows already posted for the month are left as they are."
    >
      <PayrollView />
    </Page>
  );
}
