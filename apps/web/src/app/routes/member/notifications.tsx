import { documentTitle } from '../../../components/layouts/page-title';
import {
  NOTIFICATION_LIST_CONFIG,
  NotificationsView,
} from '../../../features/notifications/components/notifications-view';
import { useListParams } from '../../../lib/use-list-params';

/** The page and its size live in the URL, owned here (docs/decisions/128). */
export default function NotificationsRoute() {
  const list = useListParams(NOTIFICATION_LIST_CONFIG);
  return (
    <>
      <title>{documentTitle('Notifications')}</title>
      <NotificationsView list={list} />
    </>
  );
}
