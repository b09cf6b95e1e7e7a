import { PageTitle } from '../../../components/layouts/page-title';

// The Withdrawals feature has its own issue; until it lands the page shows the layout and its title.
export default function WithdrawalsRoute() {
  return <PageTitle title="Withdrawals" />;
}
