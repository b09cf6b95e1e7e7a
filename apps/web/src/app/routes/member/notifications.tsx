import { useSearchParams } from 'react-router';
import { documentTitle } from '../../../components/layouts/page-title';
import { NotificationsView } from '../../../features/notifications/components/notifications-view';

/** The page number lives in the URL, so reload and Back keep the member's place. */
function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export default function NotificationsRoute() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <title>{documentTitle('Notifications')}</title>
      <NotificationsView
        page={pageFrom(params)}
        onPageChange={(page) => setParams(page === 1 ? {} : { page: String(page) })}
      />
    </>
  );
}
