import type { Policy, PolicyFormInput } from '@coop/shared/policy';

/**
 * How each policy value is typed: percentages and naira on screen, basis points and kobo in the
 * policy (docs/business-rules.md). `path` is the field's name in the form (`PolicyFormInput`)
 * and in the API's refusal; the rules are the shared `policyFormSchema`'s.
 */
type Kind = 'percent' | 'naira' | 'whole' | 'times' | 'switch';
type Group = 'Loans' | 'Withdrawals' | 'Fines' | 'Disbursement' | 'Payroll deductions';

interface PolicyField {
  key: string;
  path: string;
  group: Group;
  label: string;
  hint?: string;
  kind: Kind;
  read(policy: Policy): number | boolean;
}

export const POLICY_FIELDS: readonly PolicyField[] = [
  ...([6, 12, 18] as const).map((term): PolicyField => ({
    key: `interest${term}`,
    path: `loan.interestRateBpsByTerm.${term}`,
    group: 'Loans',
    label: `Interest on ${term}-month loans (% flat)`,
    kind: 'percent',
    read: (p) => p.loan.interestRateBpsByTerm[term],
  })),
  {
    key: 'insuranceFee',
    path: 'loan.insuranceFeeBps',
    group: 'Loans',
    label: 'Insurance fee (% of the amount)',
    kind: 'percent',
    read: (p) => p.loan.insuranceFeeBps,
  },
  {
    key: 'formFee',
    path: 'loan.formFeeKobo',
    group: 'Loans',
    label: 'Form fee (₦)',
    kind: 'naira',
    read: (p) => p.loan.formFeeKobo,
  },
  {
    key: 'certifications',
    path: 'loan.requiredCertifications',
    group: 'Loans',
    label: 'Reviewer approvals a loan needs',
    kind: 'whole',
    read: (p) => p.loan.requiredCertifications,
  },
  {
    key: 'membershipMonths',
    path: 'loan.minMembershipMonths',
    group: 'Loans',
    label: 'Months of membership before a loan',
    kind: 'whole',
    read: (p) => p.loan.minMembershipMonths,
  },
  {
    key: 'multiplier',
    path: 'loan.maxLoanMultiplier',
    group: 'Loans',
    label: 'Loan limit (times confirmed savings)',
    kind: 'times',
    read: (p) => p.loan.maxLoanMultiplier,
  },
  {
    key: 'guarantees',
    path: 'loan.maxRunningGuarantees',
    group: 'Loans',
    label: 'Loans one member may guarantee at once',
    kind: 'whole',
    read: (p) => p.loan.maxRunningGuarantees,
  },
  {
    key: 'noRunningLoan',
    path: 'withdrawal.shareWithdrawalRequiresNoRunningLoan',
    group: 'Withdrawals',
    label: 'Share holding can be withdrawn only with no running loan',
    kind: 'switch',
    read: (p) => p.withdrawal.shareWithdrawalRequiresNoRunningLoan,
  },
  {
    key: 'noActiveGuarantee',
    path: 'withdrawal.shareWithdrawalRequiresNoActiveGuarantee',
    group: 'Withdrawals',
    label: 'Share holding can be withdrawn only with no active guarantee',
    kind: 'switch',
    read: (p) => p.withdrawal.shareWithdrawalRequiresNoActiveGuarantee,
  },
  {
    key: 'fineDueDays',
    path: 'fine.paymentDueDays',
    group: 'Fines',
    label: 'Days a member has to pay a fine',
    kind: 'whole',
    read: (p) => p.fine.paymentDueDays,
  },
  {
    key: 'lateFineEnabled',
    path: 'fine.lateRepaymentFine.enabled',
    group: 'Fines',
    label: 'Fine late loan repayments automatically',
    kind: 'switch',
    read: (p) => p.fine.lateRepaymentFine.enabled,
  },
  {
    key: 'lateFineAmount',
    path: 'fine.lateRepaymentFine.amountKobo',
    group: 'Fines',
    label: 'Late repayment fine (₦)',
    kind: 'naira',
    read: (p) => p.fine.lateRepaymentFine.amountKobo,
  },
  {
    key: 'lateFineGrace',
    path: 'fine.lateRepaymentFine.graceDays',
    group: 'Fines',
    label: 'Days after the due date before the fine',
    kind: 'whole',
    read: (p) => p.fine.lateRepaymentFine.graceDays,
  },
  {
    key: 'secondApproval',
    path: 'disbursement.secondApprovalAboveKobo',
    group: 'Disbursement',
    label: 'A second administrator approves disbursements above (₦)',
    kind: 'naira',
    read: (p) => p.disbursement.secondApprovalAboveKobo,
  },
  {
    key: 'minSavings',
    path: 'payroll.minSavingsKobo',
    group: 'Payroll deductions',
    label: 'Least monthly savings a member may ask for (₦)',
    kind: 'naira',
    read: (p) => p.payroll.minSavingsKobo,
  },
  {
    key: 'minShares',
    path: 'payroll.minSharesKobo',
    group: 'Payroll deductions',
    label: 'Least monthly shares a member may ask for (₦)',
    kind: 'naira',
    read: (p) => p.payroll.minSharesKobo,
  },
  {
    key: 'changeCutOff',
    path: 'payroll.changeCutOffDay',
    group: 'Payroll deductions',
    label: 'Change cut-off day of the month',
    hint: 'A change asked for after this day takes effect a month later.',
    kind: 'whole',
    read: (p) => p.payroll.changeCutOffDay,
  },
  {
    key: 'autoApproveLimit',
    path: 'payroll.autoApproveLimitKobo',
    group: 'Payroll deductions',
    label: 'Changes the policy approves without an officer, up to (₦)',
    hint: 'Savings and shares moved together; 0 sends every change to an officer.',
    kind: 'naira',
    read: (p) => p.payroll.autoApproveLimitKobo,
  },
];

export const POLICY_GROUPS: ReadonlyArray<{ group: Group; description: string }> = [
  { group: 'Loans', description: 'Pricing, eligibility and certification of new loan requests.' },
  { group: 'Withdrawals', description: 'What keeps a member from withdrawing share holding.' },
  { group: 'Fines', description: 'When fines fall due, and the automatic late-repayment fine.' },
  { group: 'Disbursement', description: 'The maker-checker limit on paying out loans.' },
  {
    group: 'Payroll deductions',
    description: "Members' requests to change their monthly savings and shares.",
  },
];

/** A stored value as the form shows it: basis points as percent, kobo as naira. */
function toText(field: PolicyField, value: number | boolean): string | boolean {
  if (field.kind === 'switch') return value as boolean;
  const n = value as number;
  return field.kind === 'percent' || field.kind === 'naira' ? String(n / 100) : String(n);
}

/** The policy as the form's values, each at its path. */
export function toFormValues(policy: Policy): PolicyFormInput {
  const values: Record<string, unknown> = {};
  for (const field of POLICY_FIELDS) {
    const keys = field.path.split('.');
    const last = keys.pop() as string;
    let node = values;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    node[last] = toText(field, field.read(policy));
  }
  return values as PolicyFormInput;
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
