import { PageTitle } from '../../../components/layouts/page-title';

// The Dashboard feature has its own issue; until it lands the page shows the layout and its title.
export default function DashboardRoute() {
  return <PageTitle title="Dashboard" />;
}
