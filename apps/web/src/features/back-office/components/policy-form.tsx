import { Form } from '../../../components/form/form';
import type { Policy, PolicyFormInput, PolicyView } from '@coop/shared/policy';
import { formatDisplayDateTime } from '@coop/shared/dates';
import { useId, useState } from 'react';
import { Controller, get, useForm, type FieldError, type FieldPath } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { FormFailure } from '../../../components/form/form-failure';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { QueryState } from '../../../components/list/query-state';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { failureMessage } from '../../../lib/api-client';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { usePolicy } from '../api/get-policy';
import { useSavePolicy } from '../api/save-policy';
import { POLICY_FIELDS, POLICY_GROUPS, policyValueText, toFormValues } from './policy-fields';
import { DialogActions, FormDialog } from '../../../components/dialogs/form-dialog';

/** A field's place in the form's values: the policy's path ('loan.interestRateBpsByTerm.6'). */
const formPath = (field: (typeof POLICY_FIELDS)[number]) =>
  field.path as FieldPath<PolicyFormInput>;
const PATHS = POLICY_FIELDS.map(formPath);
const resolver = lazyResolver<PolicyFormInput, Policy>(() =>
  import('./policy-validation').then((module) => module.policyResolver),
);

function PolicyEditor({ view }: { view: PolicyView }) {
  const id = useId();
  const save = useSavePolicy();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PolicyFormInput, unknown, Policy>({
    resolver,
    defaultValues: toFormValues(view.policy),
  });
  const [pending, setPending] = useState<{ policy: Policy; idempotencyKey: string } | null>(null);
  const fieldError = (field: (typeof POLICY_FIELDS)[number]): string | undefined =>
    get<typeof errors, FieldError | undefined>(errors, field.path)?.message;
  const hasFieldErrors = POLICY_FIELDS.some((field) => fieldError(field) !== undefined);
  const changes = pending
    ? POLICY_FIELDS.filter((field) => field.read(view.policy) !== field.read(pending.policy)).map(
        (field) => ({
          field,
          before: policyValueText(field, field.read(view.policy)),
          after: policyValueText(field, field.read(pending.policy)),
        }),
      )
    : [];

  // The checked policy is restated in a dialog before anything is saved.
  const onSubmit = (policy: Policy) => setPending({ policy, idempotencyKey: crypto.randomUUID() });

  const confirm = () => {
    if (!pending) return;
    void save.mutateAsync({ policy: pending.policy, idempotencyKey: pending.idempotencyKey }).then(
      ({ message }) => {
        toast.success(message ?? 'Policy saved');
        setPending(null);
      },
      (error: unknown) => {
        setPending(null);
        showSubmitFailure(error, setError, PATHS, 'The policy could not be saved');
      },
    );
  };

  return (
    <>
      <Form
        submit={handleSubmit(onSubmit)}
        preload={resolver.preload}
        className="grid grid-cols-1 gap-6"
      >
        <p className="text-sm text-muted-foreground">
          {view.isDefault
            ? 'The cooperative uses the default policy: no administrator has saved one yet.'
            : `Last saved${view.updatedBy ? ` by ${view.updatedBy.name}` : ''}${view.updatedAt ? ` on ${formatDisplayDateTime(view.updatedAt)}` : ''}.`}{' '}
          Changes apply to new requests only: a loan keeps the rates, fees and approvals it was
          requested with, and a fine its due date. A pending withdrawal is checked against the
          policy in force when it is approved.
        </p>
        {POLICY_GROUPS.map(({ group, description }) => (
          <fieldset key={group} className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4">
            <legend className="px-1 text-lg font-semibold">{group}</legend>
            <p className="-mt-2 text-sm text-muted-foreground">{description}</p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {POLICY_FIELDS.filter((field) => field.group === group).map((field) =>
                field.kind === 'switch' ? (
                  <Controller
                    key={field.key}
                    control={control}
                    name={formPath(field)}
                    render={({ field: control }) => (
                      <div className="flex items-start gap-3 sm:col-span-2">
                        <Checkbox
                          id={`${id}-${field.key}`}
                          className="mt-0.5"
                          ref={control.ref}
                          checked={control.value === true}
                          onCheckedChange={(checked) => control.onChange(checked === true)}
                          onBlur={control.onBlur}
                        />
                        <Label htmlFor={`${id}-${field.key}`} className="leading-snug">
                          {field.label}
                        </Label>
                      </div>
                    )}
                  />
                ) : (
                  <FormField
                    key={field.key}
                    id={`${id}-${field.key}`}
                    label={field.label}
                    hint={field.hint}
                    error={fieldError(field)}
                  >
                    <Input
                      inputMode={field.kind === 'whole' ? 'numeric' : 'decimal'}
                      autoComplete="off"
                      {...register(formPath(field))}
                    />
                  </FormField>
                ),
              )}
            </div>
          </fieldset>
        ))}
        {hasFieldErrors ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>Correct the fields marked above, then save again.</AlertDescription>
          </Alert>
        ) : null}
        <FormFailure message={errors.root?.server?.message} />
        <div>
          <SubmitButton isPending={save.isPending} pendingLabel="Saving...">
            Save policy
          </SubmitButton>
        </div>
      </Form>
      <FormDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        className="max-h-dvh overflow-y-auto"
        busy={save.isPending}
        title="Save the policy?"
        description={
          changes.length === 0
            ? 'Nothing was changed.'
            : 'These changes apply to new requests from now on: loans and fines already made keep their terms.'
        }
      >
        <form
          className="grid grid-cols-1 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {changes.length > 0 ? (
            <ul className="grid grid-cols-1 gap-2 text-sm">
              {changes.map(({ field, before, after }) => (
                <li key={field.key} className="rounded-lg border p-3">
                  <span className="block font-medium">
                    {field.group}: {field.label}
                  </span>
                  <span className="tabular-nums">
                    {before} → {after}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <DialogActions
            submitLabel={`Save ${changes.length} change${changes.length === 1 ? '' : 's'}`}
            pendingLabel="Saving..."
            pending={save.isPending}
            disabled={changes.length === 0}
          />
        </form>
      </FormDialog>
    </>
  );
}

/** The policy in force, as a form grouped by Loans, Withdrawals, Fines and Disbursement. */
export function PolicyForm() {
  const policy = usePolicy();
  const view = policy.data?.data;
  return (
    <QueryState
      isPending={policy.isPending}
      errorMessage={
        policy.isError ? failureMessage(policy.error, 'Failed to fetch the policy') : null
      }
      onRetry={() => void policy.refetch()}
      isEmpty={false}
      emptyMessage=""
      loadingLabel="Loading the policy"
    >
      {view ? <PolicyEditor key={view.updatedAt ?? 'default'} view={view} /> : null}
    </QueryState>
  );
}
