import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { formatDisplayDateTime } from '@coop/shared/dates';
import { LOGIN_EVENT_LABELS } from '@coop/shared/security';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CurrentPasswordField } from '../../../components/form/current-password-field';
import { DialogActions, DialogFailure, FormDialog } from '../../../components/dialogs/form-dialog';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { toApiError } from '../../../lib/api-client';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import {
  usePageInRange,
  type ListParams,
  type ListParamsConfig,
} from '../../../lib/use-list-params';
import { useLoginHistory } from '../api/get-login-history';
import { useSignOutOthers } from '../api/sign-out-others';
import { Form } from '../../../components/form/form';
import { CardList } from '../../../components/list/card-list';

type SignOutOthers = ReturnType<typeof useSignOutOthers>;
type SignOutOthersValues = { currentPassword: string };
const resolver = lazyResolver<SignOutOthersValues>(() =>
  import('./security-validation').then((module) => module.signOutOthersResolver),
);

/**
 * The password step before every other session ends (ASVS V7.5.2, decision 082). It lives in the
 * dialog's content, so closing the dialog forgets what was typed.
 */
function SignOutOthersForm({ mutation, onDone }: { mutation: SignOutOthers; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignOutOthersValues>({ resolver, defaultValues: { currentPassword: '' } });
  const onSubmit = (values: SignOutOthersValues) =>
    mutation.mutateAsync(values).then(
      () => onDone(),
      (failure: unknown) =>
        showSubmitFailure(failure, setError, ['currentPassword'], toApiError(failure).message),
    );

  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <DialogFailure message={errors.root?.server?.message} />
      <CurrentPasswordField
        id="sign-out-others-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <DialogActions
        submitLabel="Sign out other sessions"
        pendingLabel="Signing out..."
        pending={mutation.isPending}
      />
    </Form>
  );
}

/** The last 50 sign-in events, 10 a page, newest first; no filters. */
export const LOGIN_HISTORY_LIST_CONFIG: ListParamsConfig<'occurredAt'> = {
  defaults: { limit: DEFAULT_PAGE_SIZE, sortBy: 'occurredAt', sortOrder: 'desc' },
  sortFields: ['occurredAt'],
  pageSizeOptions: [10, 25, 50],
  filters: [],
};

/**
 * Settings → View login history: the last 50 sign-in events, a page at a time. The route owns
 * the list's state (docs/decisions/128).
 */
export function LoginHistoryView({ list }: { list: ListParams<'occurredAt'> }) {
  const history = useLoginHistory({ page: list.page, limit: list.limit });
  usePageInRange(list, history);
  const signOutOthers = useSignOutOthers();
  const [confirming, setConfirming] = useState(false);
  const events = history.data?.data ?? [];
  const ended = confirming ? undefined : signOutOthers.data?.ended;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Other sessions
          </CardTitle>
          <CardDescription>
            Don’t recognise a sign-in? Sign out everywhere else, then change your password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {ended !== undefined ? (
            <p role="status" className="text-sm">
              {ended === 0
                ? 'You were not signed in anywhere else.'
                : `Signed out of ${ended} other session${ended === 1 ? '' : 's'}.`}
            </p>
          ) : null}
          <FormDialog
            open={confirming}
            onOpenChange={(open) => {
              if (open) signOutOthers.reset();
              setConfirming(open);
            }}
            busy={signOutOthers.isPending}
            trigger={
              <Button variant="outline" className="w-full sm:w-auto">
                <LogOut aria-hidden="true" />
                Sign out all other sessions
              </Button>
            }
            title="Sign out all other sessions"
            description="Every other device and browser signed in to your account is signed out at once. This one stays signed in. Enter your password to confirm it is you."
          >
            {(close) => <SignOutOthersForm mutation={signOutOthers} onDone={close} />}
          </FormDialog>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Recent sign-in activity
          </CardTitle>
          <CardDescription>Your last 50 sign-in events, newest first.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryState
            isPending={history.isPending}
            errorMessage={history.error ? toApiError(history.error).message : null}
            onRetry={() => void history.refetch()}
            isEmpty={events.length === 0}
            emptyMessage="No sign-in activity yet"
            loadingLabel="Loading login history"
          >
            <CardList label="Sign-in events" busy={history.isPlaceholderData} className="divide-y">
              {events.map((event) => (
                <li
                  key={event.id}
                  className="flex flex-wrap items-start justify-between gap-2 py-3"
                >
                  <div className="grid gap-0.5">
                    <p className="font-medium">
                      {LOGIN_EVENT_LABELS[event.kind]}
                      {event.current ? (
                        <Badge variant="secondary" className="ml-2 align-middle">
                          This session
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {event.device ?? 'Unknown device'} · {event.ip ?? 'Unknown address'}
                    </p>
                  </div>
                  <time dateTime={event.occurredAt} className="text-sm text-muted-foreground">
                    {formatDisplayDateTime(event.occurredAt)}
                  </time>
                </li>
              ))}
            </CardList>
          </QueryState>
          <ListPager
            list={list}
            page={history.data}
            failed={history.isError}
            label="Login history pages"
            pageSizeOptions={LOGIN_HISTORY_LIST_CONFIG.pageSizeOptions}
          />
        </CardContent>
      </Card>
    </div>
  );
}
