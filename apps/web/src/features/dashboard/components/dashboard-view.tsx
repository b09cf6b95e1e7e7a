import { DASHBOARD_MESSAGES } from '@coop/shared/dashboard-rules';
import { lazy, Suspense } from 'react';
import { documentTitle } from '../../../components/layouts/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useDashboard } from '../api/get-dashboard';
import { FinancialOverview } from './financial-overview';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';

// The widgets below the figures are their own chunks, fetched in parallel with the data.
const RecentActivity = lazy(() => import('./recent-activity'));
const QuickActions = lazy(() => import('./quick-actions'));
const PendingActions = lazy(() => import('./pending-actions'));

const widgetFallback = (
  <div className="flex justify-center rounded-xl border bg-card py-10">
    <Spinner label="Loading" />
  </div>
);

/** docs/member-portal.md §2 Dashboard home, the variant that greets the member by first name. */
export function DashboardView() {
  const { user } = useAuth();
  const dashboard = useDashboard();
  const data = dashboard.data?.data;
  const isError = dashboard.isError;
  // The server's words, for screen readers, when the widgets show their own short texts.
  const retry = {
    onRetry: () => void dashboard.refetch(),
    isRetrying: dashboard.isFetching,
  };
  const error = isError ? failureMessage(dashboard.error, FALLBACK_MESSAGES.fetchDashboard) : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <title>{documentTitle('Dashboard')}</title>
        <h1 className="text-2xl font-semibold tracking-tight">
          Welcome back, {user?.firstName ?? DASHBOARD_MESSAGES.memberFallback}
        </h1>
        <p className="text-muted-foreground">
          Member ID: {user?.membershipId ?? DASHBOARD_MESSAGES.memberIdLoading}
        </p>
        {error ? <p className="sr-only">{error}</p> : null}
      </div>
      <FinancialOverview
        summary={data?.financialSummary}
        isPending={dashboard.isPending}
        isError={isError}
        {...retry}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Suspense fallback={widgetFallback}>
            <RecentActivity
              activity={data?.recentActivity}
              isPending={dashboard.isPending}
              isError={isError}
              {...retry}
            />
          </Suspense>
          <Suspense fallback={widgetFallback}>
            <QuickActions />
          </Suspense>
        </div>
        <Suspense fallback={widgetFallback}>
          <PendingActions
            actions={data?.pendingActions}
            isPending={dashboard.isPending}
            isError={isError}
            {...retry}
          />
        </Suspense>
      </div>
    </div>
  );
}
