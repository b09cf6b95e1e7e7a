import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { FullPageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';

// Every page is its own chunk, downloaded when its route is first matched, so /auth/login loads
// only the sign-in screen (and not TanStack Query, which only the routes under QueryLayout use).
const Login = lazy(() => import('./routes/auth/login'));
const Activate = lazy(() => import('./routes/auth/activate'));
const ForgotPassword = lazy(() => import('./routes/auth/forgot-password'));
const ResetPassword = lazy(() => import('./routes/auth/reset-password'));
const QueryLayout = lazy(() => import('./routes/query-layout'));
const MemberLayout = lazy(() => import('./routes/member/layout'));
const Dashboard = lazy(() => import('./routes/member/dashboard'));
const Contributions = lazy(() => import('./routes/member/contributions'));
const MakeContribution = lazy(() => import('./routes/member/make-contribution'));
const Loans = lazy(() => import('./routes/member/loans'));
const Search = lazy(() => import('./routes/member/search'));
const Withdrawals = lazy(() => import('./routes/member/withdrawals'));
const Dividends = lazy(() => import('./routes/member/dividends'));
const Fines = lazy(() => import('./routes/member/fines'));
const Deductions = lazy(() => import('./routes/member/deductions'));
const Notifications = lazy(() => import('./routes/member/notifications'));
const Profile = lazy(() => import('./routes/member/profile'));
const Settings = lazy(() => import('./routes/member/settings'));
const TwoFactor = lazy(() => import('./routes/member/two-factor'));
const LoginHistory = lazy(() => import('./routes/member/login-history'));
const Transactions = lazy(() => import('./routes/member/transactions'));
const Statement = lazy(() => import('./routes/member/statement'));
const DataExport = lazy(() => import('./routes/member/export'));
const Unauthorized = lazy(() => import('./routes/unauthorized'));
const AccountSuspended = lazy(() => import('./routes/account-suspended'));
const NotFound = lazy(() => import('./routes/not-found'));
// The back office (docs/decisions/070-back-office.md): chunks of their own, fetched only when an
// administrator opens them.
const AdminLayout = lazy(() => import('./routes/admin/layout'));
const AdminOverview = lazy(() => import('./routes/admin/overview'));
const AdminMembers = lazy(() => import('./routes/admin/members'));
const AdminMembersImport = lazy(() => import('./routes/admin/members-import'));
const AdminMember = lazy(() => import('./routes/admin/member'));
const AdminPayroll = lazy(() => import('./routes/admin/payroll'));
const AdminPayrollSchedule = lazy(() => import('./routes/admin/payroll-schedule'));
const AdminDeductionChanges = lazy(() => import('./routes/admin/deduction-changes'));
const AdminDisputes = lazy(() => import('./routes/admin/disputes'));
const AdminAudit = lazy(() => import('./routes/admin/audit'));
const AdminTextMessages = lazy(() => import('./routes/admin/text-messages'));
const AdminReconciliation = lazy(() => import('./routes/admin/reconciliation'));
const AdminDividends = lazy(() => import('./routes/admin/dividends'));
const AdminPolicy = lazy(() => import('./routes/admin/policy'));
const AdminApprovals = lazy(() => import('./routes/admin/approvals'));
const AdminWithdrawals = lazy(() => import('./routes/admin/withdrawals'));
const AdminDepositNotices = lazy(() => import('./routes/admin/deposit-notices'));
const AdminFines = lazy(() => import('./routes/admin/fines'));
const AdminLoans = lazy(() => import('./routes/admin/loans'));
const AdminLoan = lazy(() => import('./routes/admin/loan'));
const AdminSearch = lazy(() => import('./routes/admin/search'));
const AdminStatementCheck = lazy(() => import('./routes/admin/statement-check'));

/** The route table of docs/member-portal.md §2. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path={paths.home} element={<Navigate to={paths.dashboard} replace />} />
          {/* /index is not described by the spec; it is the home page's other name, so it goes
              where / goes (docs/decisions/010-web-routing-and-session.md). */}
          <Route path={paths.index} element={<Navigate to={paths.dashboard} replace />} />

          <Route path={paths.login} element={<Login />} />
          <Route path={paths.unauthorized} element={<Unauthorized />} />

          <Route element={<QueryLayout />}>
            <Route path={paths.activate} element={<Activate />} />
            <Route path={paths.activateAlias} element={<Activate />} />
            <Route path={paths.forgotPassword} element={<ForgotPassword />} />
            <Route path={paths.resetPassword} element={<ResetPassword />} />
            <Route path={paths.accountSuspended} element={<AccountSuspended />} />

            <Route element={<MemberLayout />}>
              <Route path={paths.dashboard} element={<Dashboard />} />
              <Route path={paths.contributions} element={<Contributions />} />
              <Route path={paths.makeContribution} element={<MakeContribution />} />
              <Route path={paths.loans} element={<Loans />} />
              <Route path={paths.loansNew} element={<Loans />} />
              <Route path={paths.guaranteesInvite} element={<Loans />} />
              <Route path={paths.withdrawals} element={<Withdrawals />} />
              <Route path={paths.newWithdrawal} element={<Withdrawals />} />
              <Route path={paths.dividends} element={<Dividends />} />
              <Route path={paths.fines} element={<Fines />} />
              <Route path={paths.deductions} element={<Deductions />} />
              <Route path={paths.notifications} element={<Notifications />} />
              <Route path={paths.search} element={<Search />} />
              <Route path={paths.profile} element={<Profile />} />
              <Route path={paths.settings} element={<Settings />} />
              <Route path={paths.settingsTwoFactor} element={<TwoFactor />} />
              <Route path={paths.settingsLoginHistory} element={<LoginHistory />} />
              <Route path={paths.transactions} element={<Transactions />} />
              <Route path={paths.statement} element={<Statement />} />
              <Route path={paths.profileExport} element={<DataExport />} />
            </Route>

            <Route element={<AdminLayout />}>
              <Route path={paths.admin} element={<AdminOverview />} />
              <Route path={paths.adminMembers} element={<AdminMembers />} />
              <Route path={paths.adminMemberImport} element={<AdminMembersImport />} />
              <Route path={paths.adminMember} element={<AdminMember />} />
              <Route path={paths.adminPayroll} element={<AdminPayroll />} />
              <Route path={paths.adminPayrollSchedule} element={<AdminPayrollSchedule />} />
              <Route path={paths.adminPayrollChangeRequests} element={<AdminDeductionChanges />} />
              <Route path={paths.adminDisputes} element={<AdminDisputes />} />
              <Route path={paths.adminAudit} element={<AdminAudit />} />
              <Route path={paths.adminTextMessages} element={<AdminTextMessages />} />
              <Route path={paths.adminReconciliation} element={<AdminReconciliation />} />
              <Route path={paths.adminDividends} element={<AdminDividends />} />
              <Route path={paths.adminPolicy} element={<AdminPolicy />} />
              <Route path={paths.adminApprovals} element={<AdminApprovals />} />
              <Route path={paths.adminWithdrawals} element={<AdminWithdrawals />} />
              <Route path={paths.adminDepositNotices} element={<AdminDepositNotices />} />
              <Route path={paths.adminFines} element={<AdminFines />} />
              <Route path={paths.adminLoans} element={<AdminLoans />} />
              <Route path={paths.adminLoan} element={<AdminLoan />} />
              <Route path={paths.adminSearch} element={<AdminSearch />} />
              <Route path={paths.adminStatementCheck} element={<AdminStatementCheck />} />
              <Route
                path={paths.adminUsers}
                element={<Navigate to={paths.adminMembers} replace />}
              />
            </Route>
          </Route>

          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
