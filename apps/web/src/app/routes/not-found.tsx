import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { documentTitle } from '../../components/layouts/page-title';
import { StatusPage } from '../../components/layouts/status-page';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';

export default function NotFoundRoute() {
  return (
    <StatusPage title={documentTitle('Page not found')}>
      <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-primary">
        404
      </p>
      <h1 className="text-2xl font-semibold">
        <span className="sr-only">404: </span>Oops! Page not found
      </h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link to={paths.home}>
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </StatusPage>
  );
}
