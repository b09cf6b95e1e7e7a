import { backOfficeListConfig } from '../../../../lib/back-office-lists';

export type ScheduleLineSortField = 'membershipId' | 'memberName' | 'staffNumber' | 'total';

/** A schedule's lines: 25 a page by membership ID, searched by name, ID or staff number. */
export const SCHEDULE_LINE_LIST_CONFIG = backOfficeListConfig<ScheduleLineSortField>(
  ['membershipId', 'memberName', 'staffNumber', 'total'],
  'asc',
  [],
);
