import { PageTitle } from '../../../components/layouts/page-title';
import { FINE_LIST_CONFIG, FinesList } from '../../../features/fines/components/fines-list';
import { useListParams } from '../../../lib/use-list-params';

/**
 * docs/member-portal.md §2 Fines; the status and page live in the URL, owned here
 * (docs/decisions/128-list-pages-route-owns-state.md).
 */
export default function FinesRoute() {
  const list = useListParams(FINE_LIST_CONFIG);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle title="Fines" description="Fines issued to you, and whether they are settled." />
      <FinesList list={list} />
    </div>
  );
}
