import { PageTitle } from '../../../components/layouts/page-title';

// The Fines feature has its own issue; until it lands the page shows the layout and its title.
export default function FinesRoute() {
  return <PageTitle title="Fines" />;
}
