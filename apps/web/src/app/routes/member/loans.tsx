import { PageTitle } from '../../../components/layouts/page-title';

// The Loans feature has its own issue; until it lands the page shows the layout and its title.
export default function LoansRoute() {
  return <PageTitle title="Loans" />;
}
