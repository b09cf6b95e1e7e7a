import type { Policy } from '@coop/shared/policy';

/**
 * How each policy value is typed: percentages and naira on screen, basis points and kobo in the
 * policy (docs/business-rules.md). `path` is the field's name in the API's validation answer.
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

export const POLICY_FIELDS: readonly PolicyField[] = [
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

export const POLICY_GROUPS: ReadonlyArray<{ group: Group; description: string }> = [
  { group: 'Loans', description: 'Pricing, eligibility and certification of new loan requests.' },
  { group: 'Withdrawals', description: 'What keeps a member from withdrawing share holding.' },
  { group: 'Fines', description: 'When fines fall due, and the automatic late-repayment fine.' },
  { group: 'Disbursement', description: 'The maker-checker limit on paying out loans.' },
];

export type PolicyFormValues = Record<string, string | boolean>;

/** A stored value as the form shows it: basis points as percent, kobo as naira. */
export function toText(field: PolicyField, value: number | boolean): string | boolean {
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
export function toPolicy(
  base: Policy,
  values: PolicyFormValues,
): { policy: Policy; errors: Record<string, string> } {
  const policy: Policy = structuredClone(base);
  const errors: Record<string, string> = {};
  for (const field of POLICY_FIELDS) {
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

export function policyValueText(field: PolicyField, value: number | boolean): string {
  if (field.kind === 'switch') return value ? 'Yes' : 'No';
  const n = value as number;
  if (field.kind === 'percent') return `${(n / 100).toLocaleString('en-NG')} %`;
  if (field.kind === 'naira') {
    return `₦${(n / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })}`;
  }
  if (field.kind === 'times') return `${n.toLocaleString('en-NG')} ×`;
  return n.toLocaleString('en-NG');
}
