import { PageTitle } from '../../../components/layouts/page-title';
import { PayrollView } from '../../../features/payroll/components/officer/payroll-view';

export default function AdminPayrollRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        title="Payroll deductions"
        description="Upload a month's deductions, check the preview, then post them. Rows already posted for the month are left as they are."
      />
      <PayrollView />
    </div>
  );
}
