import { describe, expect, it } from 'vitest';
import { loanTimeline, type LoanProgress, type TimelineLoan } from './loan-timeline.js';

const NONE: LoanProgress = {
  certificationsRequired: 2,
  certifications: [],
  underReviewAt: null,
  decidedAt: null,
  rejectionReason: null,
  disbursementRequestedAt: null,
  disbursedAt: null,
  repaidAt: null,
  instalmentsPaid: 0,
  instalmentsTotal: 0,
  nextInstalment: null,
};
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
const guarantor = (
  firstName: string,
  status: 'pending' | 'accepted' | 'rejected',
  answered?: number,
) => ({
  firstName,
  lastName: 'Obi',
  status,
  invitationDate: at(1),
  responseDate: answered ? at(answered) : null,
});
const loan = (over: Partial<TimelineLoan>): TimelineLoan => ({
  loanId: 'LN-000009',
  status: 'pending',
  requestedAmount: 200_000,
  repaymentTermMonths: 12,
  requestDate: at(1),
  guarantors: [guarantor('Ada', 'accepted', 2), guarantor('Bayo', 'accepted', 3)],
  progress: NONE,
  ...over,
});
const states = (timeline: ReturnType<typeof loanTimeline>) =>
  timeline.steps.map((step) => `${step.key}:${step.state}`);

describe("a loan's timeline", () => {
  it('asks the member to replace a guarantor who declined when nobody else is left to answer', () => {
    const timeline = loanTimeline(
      loan({ guarantors: [guarantor('Ada', 'accepted', 2), guarantor('Bayo', 'rejected', 3)] }),
    );
    expect(timeline.waitingFor).toBe('You');
    expect(timeline.next).toBe('Choose another guarantor in place of Bayo Obi');
    expect(timeline.steps[1]?.items).toEqual([
      { label: 'Ada Obi: accepted Nov 02', state: 'done' },
      { label: 'Bayo Obi: declined Nov 03', state: 'failed' },
    ]);
  });

  it('waits for the reviewers with the certifications counted', () => {
    const timeline = loanTimeline(
      loan({
        status: 'under_review',
        progress: {
          ...NONE,
          underReviewAt: at(3),
          certifications: [{ decision: 'approve', certifiedAt: at(4) }],
        },
      }),
    );
    expect(states(timeline)).toEqual([
      'request:done',
      'guarantors:done',
      'review:current',
      'approval:upcoming',
      'disbursement:upcoming',
      'repayment:upcoming',
    ]);
    expect(timeline.steps[2]).toMatchObject({ detail: '1 of 2 certifications', when: 'Nov 04' });
    expect(timeline.waitingFor).toBe('The loan reviewers');
    expect(timeline.next).toBe(
      '1 more certification to approve the loan; then the treasurer pays it out',
    );
  });

  it('stops at the review with the reason when a reviewer rejects', () => {
    const timeline = loanTimeline(
      loan({
        status: 'rejected',
        progress: {
          ...NONE,
          underReviewAt: at(3),
          certifications: [{ decision: 'reject', certifiedAt: at(5) }],
          decidedAt: at(5),
          rejectionReason: 'Apply again with a business plan',
        },
      }),
    );
    expect(states(timeline).slice(1, 4)).toEqual([
      'guarantors:done',
      'review:failed',
      'approval:failed',
    ]);
    expect(timeline.steps[3]?.detail).toBe('Rejected: Apply again with a business plan');
    expect(timeline.waitingFor).toBeNull();
  });

  it('names the next instalment of a running loan, and the instalments paid of total', () => {
    const timeline = loanTimeline(
      loan({
        status: 'disbursed',
        progress: {
          ...NONE,
          underReviewAt: at(3),
          certifications: [
            { decision: 'approve', certifiedAt: at(4) },
            { decision: 'approve', certifiedAt: at(4) },
          ],
          decidedAt: at(4),
          disbursedAt: at(6),
          instalmentsPaid: 0,
          instalmentsTotal: 12,
          nextInstalment: { month: 1, dueDate: '2026-12-26', amount: 18_332 },
        },
      }),
      '2026-12-01',
    );
    expect(states(timeline).slice(3)).toEqual([
      'approval:done',
      'disbursement:done',
      'repayment:current',
    ]);
    expect(timeline.steps[5]?.detail).toBe('0 of 12 instalments paid');
    expect(timeline.waitingFor).toBe('You');
    expect(timeline.next).toBe('₦18,332 due Dec 26 (instalment 1 of 12)');
    // Past its due date, the same instalment is overdue, not due.
    expect(
      loanTimeline(
        loan({
          status: 'disbursed',
          progress: {
            ...NONE,
            disbursedAt: at(6),
            instalmentsTotal: 12,
            nextInstalment: { month: 1, dueDate: '2026-12-26', amount: 18_332 },
          },
        }),
        '2026-12-27',
      ).next,
    ).toBe('₦18,332 overdue since Dec 26 (instalment 1 of 12)');
  });

  it('marks a defaulted loan stopped at its repayment, and a repaid one done', () => {
    const running = { ...NONE, underReviewAt: at(3), decidedAt: at(4), disbursedAt: at(6) };
    expect(states(loanTimeline(loan({ status: 'defaulted', progress: running }))).at(-1)).toBe(
      'repayment:failed',
    );
    const repaid = loanTimeline(
      loan({
        status: 'repaid',
        progress: { ...running, repaidAt: at(20), instalmentsPaid: 12, instalmentsTotal: 12 },
      }),
    );
    expect(repaid.steps.at(-1)).toMatchObject({ state: 'done', when: 'Nov 20' });
    expect(repaid.next).toBe('Repaid in full: nothing more to pay');
  });
});
