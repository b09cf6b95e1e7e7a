import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, policySchema } from './policy.js';

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
