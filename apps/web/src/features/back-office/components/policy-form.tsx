import type { Policy, PolicyView } from '@coop/shared/policy';
import { formatDisplayDateTime } from '@coop/shared/dates';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { QueryState } from '../../../components/list/query-state';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { failureMessage, fieldErrors } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/admin-keys';
import { usePolicy, useSavePolicy } from '../api/policy';

/**
 * How each policy value is typed: percentages and naira on screen, basis points and kobo in the
 * policy (DESIGN §6). `path` is the field's name in the API's validation answer.
 */
type Kind = 'percent' | 'naira' | 'whole' | 'times' | 'switch';
type Group = 'Loans' | 'Withdrawals' | 'Fines' | 'Disbursement';

interface PolicyField {
  key: string;
  path: string;
  group: Group;
  label: string;
  hint?: string;
  kind: Kind;
  read(policy: Policy): number | boolean;
  write(policy: Policy, value: number | boolean): void;
}

const num = (value: number | boolean) => value as number;
const bool = (value: number | boolean) => value as boolean;

const FIELDS: readonly PolicyField[] = [
  ...([6, 12, 18] as const).map((term): PolicyField => ({
    key: `interest${term}`,
    path: `loan.interestRateBpsByTerm.${term}`,
    group: 'Loans',
    label: `Interest on ${term}-month loans (% flat)`,
    kind: 'percent',
    read: (p) => p.loan.interestRateBpsByTerm[term],
    write: (p, v) => {
      p.loan.interestRateBpsByTerm = { ...p.loan.interestRateBpsByTerm, [term]: num(v) };
    },
  })),
  {
    key: 'insuranceFee',
    path: 'loan.insuranceFeeBps',
    group: 'Loans',
    label: 'Insurance fee (% of the amount)',
    kind: 'percent',
    read: (p) => p.loan.insuranceFeeBps,
    write: (p, v) => {
      p.loan.insuranceFeeBps = num(v);
    },
  },
  {
    key: 'formFee',
    path: 'loan.formFeeKobo',
    group: 'Loans',
    label: 'Form fee (₦)',
    kind: 'naira',
    read: (p) => p.loan.formFeeKobo,
    write: (p, v) => {
      p.loan.formFeeKobo = num(v);
    },
  },
  {
    key: 'certifications',
    path: 'loan.requiredCertifications',
    group: 'Loans',
    label: 'Reviewer approvals a loan needs',
    kind: 'whole',
    read: (p) => p.loan.requiredCertifications,
    write: (p, v) => {
      p.loan.requiredCertifications = num(v);
    },
  },
  {
    key: 'membershipMonths',
    path: 'loan.minMembershipMonths',
    group: 'Loans',
    label: 'Months of membership before a loan',
    kind: 'whole',
    read: (p) => p.loan.minMembershipMonths,
    write: (p, v) => {
      p.loan.minMembershipMonths = num(v);
    },
  },
  {
    key: 'multiplier',
    path: 'loan.maxLoanMultiplier',
    group: 'Loans',
    label: 'Loan limit (times confirmed savings)',
    kind: 'times',
    read: (p) => p.loan.maxLoanMultiplier,
    write: (p, v) => {
      p.loan.maxLoanMultiplier = num(v);
    },
  },
  {
    key: 'guarantees',
    path: 'loan.maxRunningGuarantees',
    group: 'Loans',
    label: 'Loans one member may guarantee at once',
    kind: 'whole',
    read: (p) => p.loan.maxRunningGuarantees,
    write: (p, v) => {
      p.loan.maxRunningGuarantees = num(v);
    },
  },
  {
    key: 'noRunningLoan',
    path: 'withdrawal.shareWithdrawalRequiresNoRunningLoan',
    group: 'Withdrawals',
    label: 'Share holding can be withdrawn only with no running loan',
    kind: 'switch',
    read: (p) => p.withdrawal.shareWithdrawalRequiresNoRunningLoan,
    write: (p, v) => {
      p.withdrawal.shareWithdrawalRequiresNoRunningLoan = bool(v);
    },
  },
  {
    key: 'noActiveGuarantee',
    path: 'withdrawal.shareWithdrawalRequiresNoActiveGuarantee',
    group: 'Withdrawals',
    label: 'Share holding can be withdrawn only with no active guarantee',
    kind: 'switch',
    read: (p) => p.withdrawal.shareWithdrawalRequiresNoActiveGuarantee,
    write: (p, v) => {
      p.withdrawal.shareWithdrawalRequiresNoActiveGuarantee = bool(v);
    },
  },
  {
    key: 'fineDueDays',
    path: 'fine.paymentDueDays',
    group: 'Fines',
    label: 'Days a member has to pay a fine',
    kind: 'whole',
    read: (p) => p.fine.paymentDueDays,
    write: (p, v) => {
      p.fine.paymentDueDays = num(v);
    },
  },
  {
    key: 'lateFineEnabled',
    path: 'fine.lateRepaymentFine.enabled',
    group: 'Fines',
    label: 'Fine late loan repayments automatically',
    kind: 'switch',
    read: (p) => p.fine.lateRepaymentFine.enabled,
    write: (p, v) => {
      p.fine.lateRepaymentFine = { ...p.fine.lateRepaymentFine, enabled: bool(v) };
    },
  },
  {
    key: 'lateFineAmount',
    path: 'fine.lateRepaymentFine.amountKobo',
    group: 'Fines',
    label: 'Late repayment fine (₦)',
    kind: 'naira',
    read: (p) => p.fine.lateRepaymentFine.amountKobo,
    write: (p, v) => {
      p.fine.lateRepaymentFine = { ...p.fine.lateRepaymentFine, amountKobo: num(v) };
    },
  },
  {
    key: 'lateFineGrace',
    path: 'fine.lateRepaymentFine.graceDays',
    group: 'Fines',
    label: 'Days after the due date before the fine',
    kind: 'whole',
    read: (p) => p.fine.lateRepaymentFine.graceDays,
    write: (p, v) => {
      p.fine.lateRepaymentFine = { ...p.fine.lateRepaymentFine, graceDays: num(v) };
    },
  },
  {
    key: 'secondApproval',
    path: 'disbursement.secondApprovalAboveKobo',
    group: 'Disbursement',
    label: 'A second administrator approves disbursements above (₦)',
    kind: 'naira',
    read: (p) => p.disbursement.secondApprovalAboveKobo,
    write: (p, v) => {
      p.disbursement.secondApprovalAboveKobo = num(v);
    },
  },
];

const GROUPS: ReadonlyArray<{ group: Group; description: string }> = [
  { group: 'Loans', description: 'Pricing, eligibility and certification of new loan requests.' },
  { group: 'Withdrawals', description: 'What keeps a member from withdrawing share holding.' },
  { group: 'Fines', description: 'When fines fall due, and the automatic late-repayment fine.' },
  { group: 'Disbursement', description: 'The maker-checker limit on paying out loans.' },
];

type Values = Record<string, string | boolean>;

/** A stored value as the form shows it: basis points as percent, kobo as naira. */
function toText(field: PolicyField, value: number | boolean): string | boolean {
  if (field.kind === 'switch') return value as boolean;
  const n = value as number;
  return field.kind === 'percent' || field.kind === 'naira' ? String(n / 100) : String(n);
}

const PATTERNS: Record<Exclude<Kind, 'switch'>, { pattern: RegExp; message: string }> = {
  percent: { pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'Enter a percentage, like 5 or 2.5' },
  naira: { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: 'Enter an amount in naira, like 1000' },
  whole: { pattern: /^\d{1,4}$/, message: 'Enter a whole number' },
  times: { pattern: /^\d{1,2}(\.\d{1,2})?$/, message: 'Enter a number, like 2 or 1.5' },
};

/** The form's values as a policy, or the fields that cannot be read. */
function toPolicy(
  base: Policy,
  values: Values,
): { policy: Policy; errors: Record<string, string> } {
  const policy: Policy = structuredClone(base);
  const errors: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = values[field.key];
    if (field.kind === 'switch') {
      field.write(policy, value === true);
      continue;
    }
    const text = String(value ?? '').trim();
    const { pattern, message } = PATTERNS[field.kind];
    if (!pattern.test(text)) {
      errors[field.key] = message;
      continue;
    }
    const n = Number(text);
    if (field.kind === 'percent' && n > 100) {
      errors[field.key] = 'Cannot exceed 100 %';
      continue;
    }
    field.write(
      policy,
      field.kind === 'percent' || field.kind === 'naira' ? Math.round(n * 100) : n,
    );
  }
  return { policy, errors };
}

function display(field: PolicyField, value: number | boolean): string {
  if (field.kind === 'switch') return value ? 'Yes' : 'No';
  const n = value as number;
  if (field.kind === 'percent') return `${(n / 100).toLocaleString('en-NG')} %`;
  if (field.kind === 'naira') {
    return `₦${(n / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })}`;
  }
  if (field.kind === 'times') return `${n.toLocaleString('en-NG')} ×`;
  return n.toLocaleString('en-NG');
}

function PolicyEditor({ view }: { view: PolicyView }) {
  const id = useId();
  const save = useSavePolicy();
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(FIELDS.map((field) => [field.key, toText(field, field.read(view.policy))])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ policy: Policy; key: string } | null>(null);
  const serverByPath = save.isError ? fieldErrors(save.error) : {};
  const serverErrors = Object.fromEntries(
    FIELDS.filter((field) => serverByPath[field.path]).map((field) => [
      field.key,
      serverByPath[field.path] as string,
    ]),
  );
  const changes = pending
    ? FIELDS.filter((field) => field.read(view.policy) !== field.read(pending.policy)).map(
        (field) => ({
          field,
          before: display(field, field.read(view.policy)),
          after: display(field, field.read(pending.policy)),
        }),
      )
    : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const { policy, errors: local } = toPolicy(view.policy, values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setPending({ policy, key: newIdempotencyKey() });
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
        {GROUPS.map(({ group, description }) => (
          <fieldset key={group} className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4">
            <legend className="px-1 text-lg font-semibold">{group}</legend>
            <p className="-mt-2 text-sm text-muted-foreground">{description}</p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {FIELDS.filter((field) => field.group === group).map((field) =>
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
      <Dialog open={pending !== null} onOpenChange={(open) => (open ? null : setPending(null))}>
        <DialogContent className="max-h-dvh overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Save the policy?</DialogTitle>
            <DialogDescription>
              {changes.length === 0
                ? 'Nothing was changed.'
                : 'These changes apply to new requests from now on: loans and fines already made keep their terms.'}
            </DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={save.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              disabled={changes.length === 0}
              isPending={save.isPending}
              pendingLabel="Saving..."
              onClick={confirm}
            >
              Save {changes.length} change{changes.length === 1 ? '' : 's'}
            </SubmitButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
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
