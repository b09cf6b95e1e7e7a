import { PageTitle } from '../../../components/layouts/page-title';

// The Settings feature has its own issue; until it lands the page shows the layout and its title.
export default function SettingsRoute() {
  return <PageTitle title="Settings" />;
}
