import { Page } from '../../../components/layouts/page';
import { ListFilters } from '../../../components/list/list-filters';
import { DisputesList } from '../../../features/contributions/components/officer/disputes-view';
import {
  DISPUTE_FILTERS,
  DISPUTE_LIST_CONFIG,
} from '../../../features/contributions/components/officer/dispute-list-config';
import { useListParams } from '../../../lib/use-list-params';

export default function AdminDisputesRoute() {
  const list = useListParams(DISPUTE_LIST_CONFIG);
  return (
    <Page
      title="Disputes"
      description="Contributions members disputed, oldest first. Resolve each with a note."
    >
      <ListFilters
        list={list}
        filters={DISPUTE_FILTERS}
        title="Search disputes"
        description="Find disputes by member, month or date."
        search={{ label: 'Search', placeholder: 'Member name, ID or month' }}
      />
      <DisputesList list={list} />
    </Page>
  );
}
