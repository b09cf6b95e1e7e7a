import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../../components/layouts/page';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { PayrollGroupsSection } from '../../../features/payroll/components/officer/payroll-groups-section';
import { PayrollView } from '../../../features/payroll/components/officer/payroll-view';

export default function AdminPayrollRoute() {
  return (
    <Page
      title="Payroll deductions"
      description="Upload a month's deductions, check the preview, then post them. Rows already posted for the month are left as they are."
      actions={
        // What the payroll office is told to deduct comes before what it deducted.
        <Button asChild variant="outline">
          <Link to={paths.adminPayrollSchedule}>
            <CalendarClock aria-hidden="true" />
            Deduction schedule
          </Link>
        </Button>
      }
    >
      <div className="grid grid-cols-1 gap-8">
        <PayrollView />
        <PayrollGroupsSection />
      </div>
    </Page>
  );
}
