import { PageTitle } from '../../../components/layouts/page-title';

// The Profile feature has its own issue; until it lands the page shows the layout and its title.
export default function ProfileRoute() {
  return <PageTitle title="Profile" />;
}
