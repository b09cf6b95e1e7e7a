/**
 * Loans' statuses and how a badge shows them (docs/decisions/113-status-tones.md): the list, a
 * tone and a label for each. On their own, free of zod and of the rest of loan-rules.ts (which
 * re-exports them), so a page that only shows these statuses, like the dashboard's Recent
 * Activity, loads these maps and nothing more.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

export const LOAN_STATUSES = [
  'pending',
  'under_review',
  'approved',
  'rejected',
  'disbursed',
  'repaid',
  'defaulted',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Waiting for guarantors, then under way with the reviewers; a running loan is under way too. */
export const LOAN_STATUS_TONES: StatusToneMap<LoanStatus> = {
  pending: 'warning',
  under_review: 'info',
  approved: 'success',
  rejected: 'danger',
  disbursed: 'info',
  repaid: 'success',
  defaulted: 'danger',
};
/** docs/member-portal.md §2 Loans: 'Under Review', 'Pending'… */
export const LOAN_STATUS_LABELS: StatusLabelMap<LoanStatus> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
  disbursed: 'Disbursed',
  repaid: 'Repaid',
  defaulted: 'Defaulted',
};

/** What a loan status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const LOAN_STATUS_DISPLAY: StatusDisplay<LoanStatus> = {
  tones: LOAN_STATUS_TONES,
  labels: LOAN_STATUS_LABELS,
};
