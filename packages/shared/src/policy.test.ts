import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, policyFormSchema, policySchema, type PolicyFormInput } from './policy.js';

describe('policySchema', () => {
  it('accepts the default policy', () => {
    expect(policySchema.parse(DEFAULT_POLICY)).toEqual(DEFAULT_POLICY);
    expect(DEFAULT_POLICY.loan).toEqual({
      interestRateBpsByTerm: { 6: 500, 12: 1000, 18: 1500 },
      insuranceFeeBps: 100,
      formFeeKobo: 100_000,
      requiredCertifications: 2,
      minMembershipMonths: 6,
      maxLoanMultiplier: 2,
      maxRunningGuarantees: 3,
    });
  });

  it('survives a round trip through the JSON column', () => {
    expect(policySchema.parse(JSON.parse(JSON.stringify(DEFAULT_POLICY)))).toEqual(DEFAULT_POLICY);
  });

  it('refuses edits that could misprice a loan', () => {
    const withLoan = (change: object) => ({
      ...DEFAULT_POLICY,
      loan: { ...DEFAULT_POLICY.loan, ...change },
    });
    expect(policySchema.safeParse(withLoan({ insuranceFeeBps: 1.5 })).success).toBe(false);
    expect(policySchema.safeParse(withLoan({ formFeeKobo: -1 })).success).toBe(false);
    expect(policySchema.safeParse(withLoan({ requiredCertifications: 0 })).success).toBe(false);
    expect(
      policySchema.safeParse(withLoan({ interestRateBpsByTerm: { 6: 500, 12: 1000 } })).success,
    ).toBe(false);
    expect(policySchema.safeParse({ ...DEFAULT_POLICY, unknownKnob: true }).success).toBe(false);
  });
});

describe('disbursement policy', () => {
  it('reads a policy saved before the maker-checker rule existed, with the default threshold', () => {
    const { disbursement: _omitted, ...older } = DEFAULT_POLICY;
    expect(policySchema.parse(older).disbursement).toEqual({
      secondApprovalAboveKobo: 500_000_000,
    });
  });

  it('refuses a negative or fractional threshold', () => {
    for (const secondApprovalAboveKobo of [-1, 0.5]) {
      const edited = { ...DEFAULT_POLICY, disbursement: { secondApprovalAboveKobo } };
      expect(policySchema.safeParse(edited).success).toBe(false);
    }
  });
});

describe('policyFormSchema (the back office form)', () => {
  const typed: PolicyFormInput = {
    loan: {
      interestRateBpsByTerm: { 6: '5', 12: '10', 18: '15' },
      insuranceFeeBps: '1',
      formFeeKobo: '1000',
      requiredCertifications: '2',
      minMembershipMonths: '6',
      maxLoanMultiplier: '2',
      maxRunningGuarantees: '3',
    },
    withdrawal: DEFAULT_POLICY.withdrawal,
    fine: {
      paymentDueDays: '30',
      lateRepaymentFine: { enabled: false, amountKobo: '1000', graceDays: '7' },
    },
    disbursement: { secondApprovalAboveKobo: '5000000' },
    payroll: {
      minSavingsKobo: '5000',
      minSharesKobo: '1000',
      changeCutOffDay: '15',
      autoApproveLimitKobo: '0',
    },
  };
  const messageAt = (input: PolicyFormInput, path: string) =>
    policyFormSchema.safeParse(input).error?.issues.find((issue) => issue.path.join('.') === path)
      ?.message;

  it('reads percent and naira as typed into the basis points and kobo stored', () => {
    expect(policyFormSchema.parse(typed)).toEqual(DEFAULT_POLICY);
    const changed = {
      ...typed,
      loan: { ...typed.loan, insuranceFeeBps: ' 1.25 ', formFeeKobo: '1500.5' },
    };
    expect(policyFormSchema.parse(changed).loan).toMatchObject({
      insuranceFeeBps: 125,
      formFeeKobo: 150_050,
    });
  });

  it('holds the payroll cut-off to a day every month has', () => {
    const withPayroll = (change: Partial<PolicyFormInput['payroll']>) => ({
      ...typed,
      payroll: { ...typed.payroll, ...change },
    });
    expect(messageAt(withPayroll({ changeCutOffDay: '29' }), 'payroll.changeCutOffDay')).toBe(
      'At most day 28, so every month has it',
    );
    expect(messageAt(withPayroll({ changeCutOffDay: '0' }), 'payroll.changeCutOffDay')).toBe(
      'At least day 1',
    );
    expect(
      policyFormSchema.parse(withPayroll({ autoApproveLimitKobo: '2500' })).payroll
        .autoApproveLimitKobo,
    ).toBe(250_000);
  });

  it("says what to type, then holds the value to the policy's own rules", () => {
    const withLoan = (change: Partial<PolicyFormInput['loan']>) => ({
      ...typed,
      loan: { ...typed.loan, ...change },
    });
    expect(messageAt(withLoan({ insuranceFeeBps: 'one' }), 'loan.insuranceFeeBps')).toBe(
      'Enter a percentage, like 5 or 2.5',
    );
    expect(messageAt(withLoan({ insuranceFeeBps: '101' }), 'loan.insuranceFeeBps')).toBe(
      'Cannot exceed 100 %',
    );
    expect(
      messageAt(withLoan({ requiredCertifications: '0' }), 'loan.requiredCertifications'),
    ).toBe('At least 1');
    expect(messageAt(withLoan({ maxLoanMultiplier: '0' }), 'loan.maxLoanMultiplier')).toBe(
      'Must be above 0',
    );
  });
});
