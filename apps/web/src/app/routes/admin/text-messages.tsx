import { Page } from '../../../components/layouts/page';
import { ListFilters } from '../../../components/list/list-filters';
import {
  TEXT_MESSAGE_FILTERS,
  TEXT_MESSAGE_LIST_CONFIG,
  TextMessageList,
} from '../../../features/notifications/components/text-messages-view';
import { useListParams } from '../../../lib/use-list-params';

export default function AdminTextMessagesRoute() {
  const list = useListParams(TEXT_MESSAGE_LIST_CONFIG);
  return (
    <Page
      title="Text messages"
      description="Texts to members that failed or wait for a retry. A failed text is not sent again: correct the member's phone number, or check the gateway's settings and balance."
    >
      <ListFilters
        list={list}
        filters={TEXT_MESSAGE_FILTERS}
        title="Filter text messages"
        description="Show failed texts or those being retried."
      />
      <TextMessageList list={list} />
    </Page>
  );
}
