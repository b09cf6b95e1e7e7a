import { scheduleFileName } from '@coop/shared/payroll-schedule-rules';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/**
 * GET one schedule version's CSV or PDF with the session's token and hand it to the browser: the
 * very file the server wrote, under its name.
 */
export async function downloadSchedule(
  schedule: { id: string; month: string; payrollGroup: { code: string } },
  format: 'csv' | 'pdf',
) {
  saveFile(
    await api.download(`/admin/payroll/schedules/${schedule.id}/export.${format}`),
    scheduleFileName(schedule.month, schedule.payrollGroup.code, format),
  );
}
