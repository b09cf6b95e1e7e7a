/**
 * A two-person change's statuses with their tones and labels (docs/administrators.md
 * "Approvals"). Zod-free; the schemas are in proposals.ts.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

/** Pending waits for a second officer; an expired proposal lapsed without effect. */
export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_TONES: StatusToneMap<ProposalStatus> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  expired: 'muted',
};
export const PROPOSAL_STATUS_LABELS: StatusLabelMap<ProposalStatus> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** What a proposal status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const PROPOSAL_STATUS_DISPLAY: StatusDisplay<ProposalStatus> = {
  tones: PROPOSAL_STATUS_TONES,
  labels: PROPOSAL_STATUS_LABELS,
};
