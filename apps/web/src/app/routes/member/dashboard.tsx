import { DashboardView } from '../../../features/dashboard/components/dashboard-view';

/** docs/member-portal.md §2 Dashboard home. */
export default function DashboardRoute() {
  return <DashboardView />;
}
