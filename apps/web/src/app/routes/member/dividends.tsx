import { PageTitle } from '../../../components/layouts/page-title';

// The Dividends feature has its own issue; until it lands the page shows the layout and its title.
export default function DividendsRoute() {
  return <PageTitle title="Dividends" />;
}
