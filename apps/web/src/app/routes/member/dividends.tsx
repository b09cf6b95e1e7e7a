import { PageTitle } from '../../../components/layouts/page-title';
import { DividendsList } from '../../../features/dividends/components/dividends-list';

/** Spec §2 Dividends; the sort and page live in the URL. */
export default function DividendsRoute() {
  return (
    <div className="grid gap-6">
      <PageTitle title="Dividends" description="Dividends declared on your share holding." />
      <DividendsList />
    </div>
  );
}
