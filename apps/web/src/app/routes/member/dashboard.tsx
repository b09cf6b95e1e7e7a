import { DashboardView } from '../../../features/dashboard/components/dashboard-view';

/** Spec §2 Dashboard home. */
export default function DashboardRoute() {
  return <DashboardView />;
}
