import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { documentTitle } from '../../components/layouts/page-title';
import { StatusPage } from '../../components/layouts/status-page';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';

export default function UnauthorizedRoute() {
  return (
    <StatusPage title={documentTitle('Access Denied')}>
      <ShieldAlert aria-hidden="true" className="size-14 text-destructive" />
      <h1 className="text-2xl font-semibold">Access Denied</h1>
      <p>You don&apos;t have permission to access this resource.</p>
      <p className="text-sm text-muted-foreground">
        If you believe this is an error, please contact your administrator.
      </p>
      <Button asChild>
        <Link to={paths.dashboard}>Go to Dashboard</Link>
      </Button>
    </StatusPage>
  );
}
