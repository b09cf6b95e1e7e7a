import { PageTitle } from '../../../components/layouts/page-title';
import {
  LOGIN_HISTORY_LIST_CONFIG,
  LoginHistoryView,
} from '../../../features/security/components/login-history-view';
import { useListParams } from '../../../lib/use-list-params';

/** Settings → View login history; the page and its size live in the URL, owned here (docs/decisions/128). */
export default function LoginHistoryRoute() {
  const list = useListParams(LOGIN_HISTORY_LIST_CONFIG);
  return (
    <div className="grid gap-6">
      <PageTitle title="Login history" description="Where and when your account was used." />
      <LoginHistoryView list={list} />
    </div>
  );
}
