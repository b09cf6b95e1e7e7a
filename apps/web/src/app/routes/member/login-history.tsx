import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { LoginHistoryView } from '../../../features/security/components/login-history-view';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Settings → View login history (issue 10). */
export default function LoginHistoryRoute() {
  const [params, setParams] = useSearchParams();
  return (
    <div className="grid gap-6">
      <PageTitle title="Login history" description="Where and when your account was used." />
      <LoginHistoryView
        page={pageFrom(params)}
        onPageChange={(page) => setParams(page === 1 ? {} : { page: String(page) })}
      />
    </div>
  );
}
