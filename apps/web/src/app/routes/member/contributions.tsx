import { PageTitle } from '../../../components/layouts/page-title';

// The Contributions feature has its own issue; until it lands the page shows the layout and its title.
export default function ContributionsRoute() {
  return <PageTitle title="Contributions" />;
}
