import { PageTitle } from '../../../components/layouts/page-title';
import {
  DIVIDEND_LIST_CONFIG,
  DividendsList,
} from '../../../features/dividends/components/dividends-list';
import { useListParams } from '../../../lib/use-list-params';

/**
 * docs/member-portal.md §2 Dividends; the sort and page live in the URL, owned here
 * (docs/decisions/128-list-pages-route-owns-state.md).
 */
export default function DividendsRoute() {
  const list = useListParams(DIVIDEND_LIST_CONFIG);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle title="Dividends" description="Dividends declared on your share holding." />
      <DividendsList list={list} />
    </div>
  );
}
