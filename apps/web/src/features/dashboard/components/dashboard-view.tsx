import { DASHBOARD_MESSAGES } from '@coop/shared/dashboard-rules';
import { documentTitle } from '../../../components/layouts/page-title';
import { failureMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useDashboard } from '../api/get-dashboard';
import { FinancialOverview } from './financial-overview';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
// The widgets are in the page's own chunk: as chunks of their own, fetched beside the data, they
// split the icons and helpers they share with the page into a dozen files of a few hundred bytes,
// and the first load was 2.7 KB larger for it (bench/README.md, decision 089).
import PendingActions from './pending-actions';
import QuickActions from './quick-actions';
import RecentActivity from './recent-activity';
import { AvailableToWithdraw, CurrentLoanSummary, SavingsOverTime, WhatsNext } from './whats-next';

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
      {/* What's next first, then the one hero figure (decision 160), then the spec's seven cards. */}
      {isError ? null : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <WhatsNext nextUp={data?.nextUp} />
          <AvailableToWithdraw summary={data?.financialSummary} />
        </div>
      )}
      <FinancialOverview
        summary={data?.financialSummary}
        isPending={dashboard.isPending}
        isError={isError}
        {...retry}
      />
      {data ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {data.currentLoan ? <CurrentLoanSummary loan={data.currentLoan} /> : null}
          <SavingsOverTime months={data.savingsHistory} />
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <RecentActivity
            activity={data?.recentActivity}
            isPending={dashboard.isPending}
            isError={isError}
            {...retry}
          />
          <QuickActions />
        </div>
        <PendingActions
          actions={data?.pendingActions}
          isPending={dashboard.isPending}
          isError={isError}
          {...retry}
        />
      </div>
    </div>
  );
}
