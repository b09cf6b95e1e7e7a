import type { Policy, PolicyView } from '@coop/shared/policy';
import { formatDisplayDateTime } from '@coop/shared/dates';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { QueryState } from '../../../components/list/query-state';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { failureMessage, fieldErrors } from '../../../lib/api-client';
import { usePolicy } from '../api/get-policy';
import { useSavePolicy } from '../api/save-policy';
import type { PolicyFormValues } from './policy-fields';
import { POLICY_FIELDS, POLICY_GROUPS, toText, toPolicy, policyValueText } from './policy-fields';
import { DialogActions, FormDialog } from '../../../components/dialogs/form-dialog';

function PolicyEditor({ view }: { view: PolicyView }) {
  const id = useId();
  const save = useSavePolicy();
  const [values, setValues] = useState<PolicyFormValues>(() =>
    Object.fromEntries(
      POLICY_FIELDS.map((field) => [field.key, toText(field, field.read(view.policy))]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ policy: Policy; key: string } | null>(null);
  const serverByPath = save.isError ? fieldErrors(save.error) : {};
  const serverErrors = Object.fromEntries(
    POLICY_FIELDS.filter((field) => serverByPath[field.path]).map((field) => [
      field.key,
      serverByPath[field.path] as string,
    ]),
  );
  const changes = pending
    ? POLICY_FIELDS.filter((field) => field.read(view.policy) !== field.read(pending.policy)).map(
        (field) => ({
          field,
          before: policyValueText(field, field.read(view.policy)),
          after: policyValueText(field, field.read(pending.policy)),
        }),
      )
    : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const { policy, errors: local } = toPolicy(view.policy, values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setPending({ policy, key: crypto.randomUUID() });
  };

  const confirm = () => {
    if (!pending) return;
    save.mutate(
      { policy: pending.policy, key: pending.key },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Policy saved');
          setPending(null);
        },
        onError: () => setPending(null),
      },
    );
  };

  const generalError =
    save.isError && Object.keys(serverErrors).length === 0
      ? failureMessage(save.error, 'The policy could not be saved')
      : null;

  return (
    <>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
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
                  <div key={field.key} className="flex items-start gap-3 sm:col-span-2">
                    <Checkbox
                      id={`${id}-${field.key}`}
                      className="mt-0.5"
                      checked={values[field.key] === true}
                      onCheckedChange={(checked) =>
                        setValues((current) => ({ ...current, [field.key]: checked === true }))
                      }
                    />
                    <Label htmlFor={`${id}-${field.key}`} className="leading-snug">
                      {field.label}
                    </Label>
                  </div>
                ) : (
                  <FormField
                    key={field.key}
                    id={`${id}-${field.key}`}
                    label={field.label}
                    error={errors[field.key] ?? serverErrors[field.key]}
                  >
                    <Input
                      inputMode={field.kind === 'whole' ? 'numeric' : 'decimal'}
                      autoComplete="off"
                      value={values[field.key] as string}
                      onChange={(event) =>
                        setValues((current) => ({ ...current, [field.key]: event.target.value }))
                      }
                    />
                  </FormField>
                ),
              )}
            </div>
          </fieldset>
        ))}
        {Object.keys(errors).length > 0 ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>Correct the fields marked above, then save again.</AlertDescription>
          </Alert>
        ) : null}
        {generalError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{generalError}</AlertDescription>
          </Alert>
        ) : null}
        <div>
          <SubmitButton isPending={save.isPending} pendingLabel="Saving...">
            Save policy
          </SubmitButton>
        </div>
      </form>
      <FormDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        className="max-h-dvh overflow-y-auto"
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
