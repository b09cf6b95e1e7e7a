import { formatPhone } from '@coop/shared/phone';
import { PROFILE_MESSAGES } from '@coop/shared/account-rules';
import { CircleAlert, Download, KeyRound, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/list/query-state';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { failureMessage, toApiError } from '../../../lib/api-client';
import { useProfile } from '../api/get-profile';
import { ChangePasswordDialog } from './change-password-dialog';
import { EditPhoneDialog } from './edit-phone-dialog';

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/**
 * docs/member-portal.md §2: 'Profile Not Found' (and Settings') when there is no member to show.
 */
export function NotFoundCard({ title }: { title: string }) {
  return (
    <Card>
      <CardHeader className="items-center py-10 text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-muted-foreground" />
        <CardTitle as="h2">{title}</CardTitle>
        <p className="text-sm text-muted-foreground">
          Sign in again to see it.{' '}
          <Link className="underline" to={paths.login}>
            Sign in
          </Link>
        </p>
      </CardHeader>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}

/**
 * docs/member-portal.md §2 Profile: avatar, name, member number, the fields, 'Edit Profile', Change
 * Password.
 */
export function ProfileView() {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  if (profile.isError && toApiError(profile.error).status === 404) {
    return <NotFoundCard title={PROFILE_MESSAGES.notFound} />;
  }
  const user = profile.data?.data;

  return (
    <QueryState
      isPending={profile.isPending}
      errorMessage={
        profile.isError ? failureMessage(profile.error, 'Failed to load profile') : null
      }
      onRetry={() => void profile.refetch()}
      isEmpty={false}
      emptyMessage={PROFILE_MESSAGES.notFound}
      loadingLabel="Loading profile"
    >
      {user ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Card>
            <CardHeader className="flex-row items-center gap-4">
              <span
                aria-hidden="true"
                className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground"
              >
                {initialsOf(user.firstName, user.lastName)}
              </span>
              <div className="grid min-w-0 gap-1">
                <CardTitle as="h2" className="break-words">
                  {user.firstName} {user.lastName}
                </CardTitle>
                <p className="text-sm text-muted-foreground">Member #{user.membershipId}</p>
              </div>
            </CardHeader>
            <CardContent className="grid gap-6 pt-6">
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label="First name" value={user.firstName} />
                <Field label="Last name" value={user.lastName} />
                <Field label="Membership ID" value={user.membershipId} />
                <Field label="Email" value={user.email} />
                <Field
                  label="Phone"
                  value={user.phoneNumber ? formatPhone(user.phoneNumber) : 'Not provided'}
                />
              </dl>
              <Alert variant="info">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{PROFILE_MESSAGES.administratorOnly}</AlertDescription>
              </Alert>
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit Profile
                </Button>
                <Button variant="outline" onClick={() => setChangingPassword(true)}>
                  <KeyRound aria-hidden="true" />
                  Change Password
                </Button>
              </div>
            </CardContent>
          </Card>
          <Card className="h-fit">
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Your data
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 pt-4">
              <p className="text-sm text-muted-foreground">
                Download everything the portal holds about you, a statement of your accounts, or see
                every movement on them.
              </p>
              <Button asChild variant="outline">
                <Link to={paths.profileExport}>
                  <Download aria-hidden="true" />
                  Export Data
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.statement}>Generate Statement</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.transactions}>View Transaction History</Link>
              </Button>
            </CardContent>
          </Card>
          <EditPhoneDialog phone={user.phoneNumber} open={editing} onOpenChange={setEditing} />
          <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
        </div>
      ) : (
        <NotFoundCard title={PROFILE_MESSAGES.notFound} />
      )}
    </QueryState>
  );
}
