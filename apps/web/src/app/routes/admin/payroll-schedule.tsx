import { isIsoMonth, toIsoDateInTimeZone } from '@coop/shared/dates';
import { PAYROLL_SCHEDULE_MESSAGES } from '@coop/shared/payroll-schedule-rules';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layouts/page';
import { paths } from '../../../config/paths';
import { ScheduleView } from '../../../features/payroll/components/officer/schedule-view';
import { SCHEDULE_LINE_LIST_CONFIG } from '../../../features/payroll/components/officer/schedule-list-config';
import { useListParams } from '../../../lib/use-list-params';

/**
 * The deduction schedule (docs/administrators.md "The deduction schedule"). The URL holds the
 * month (this month by default), the version opened (`schedule`) and its lines' list state, so a
 * reload or a shared link shows the same (decision 128).
 */
export default function AdminPayrollScheduleRoute() {
  const [params, setParams] = useSearchParams();
  const list = useListParams(SCHEDULE_LINE_LIST_CONFIG);
  const [thisMonth] = useState(() => toIsoDateInTimeZone(new Date()).slice(0, 7));
  const asked = params.get('month');
  const month = asked !== null && isIsoMonth(asked) ? asked : thisMonth;
  return (
    <Page
      title={PAYROLL_SCHEDULE_MESSAGES.title}
      description="What each payroll group is told to deduct for a month: generate it, check the changes, download it for the payroll office."
      back={{ to: paths.adminPayroll, label: 'Payroll' }}
    >
      <ScheduleView
        month={month}
        // Another month or another group starts its lines afresh: page 1, no search.
        onMonthChange={(next) => setParams({ month: next })}
        openId={params.get('schedule')}
        onOpen={(id) => setParams({ month, schedule: id })}
        list={list}
      />
    </Page>
  );
}
