import {
  CONTRIBUTION_STATUS_LABELS,
  CONTRIBUTION_STATUS_TONES,
} from '@coop/shared/contribution-rules';
import {
  DEPOSIT_NOTICE_STATUS_LABELS,
  DEPOSIT_NOTICE_STATUS_TONES,
} from '@coop/shared/deposit-notice-rules';
import { DIVIDEND_STATUS_LABELS, DIVIDEND_STATUS_TONES } from '@coop/shared/dividend-rules';
import { FINE_STATUS_LABELS, FINE_STATUS_TONES } from '@coop/shared/fine-rules';
import {
  CERTIFICATION_DECISION_LABELS,
  CERTIFICATION_DECISION_TONES,
  DISBURSEMENT_REQUEST_STATUS_LABELS,
  DISBURSEMENT_REQUEST_STATUS_TONES,
  GUARANTOR_STATUS_LABELS,
  GUARANTOR_STATUS_TONES,
  LOAN_STATUS_LABELS,
  LOAN_STATUS_TONES,
  REPAYMENT_STATUS_LABELS,
  REPAYMENT_STATUS_TONES,
  SCHEDULE_ITEM_STATUS_LABELS,
  SCHEDULE_ITEM_STATUS_TONES,
} from '@coop/shared/loan-rules';
import { MEMBER_STATUS_LABELS, MEMBER_STATUS_TONES } from '@coop/shared/member-rules';
import { PAYROLL_ROW_STATUS_LABELS, PAYROLL_ROW_STATUS_TONES } from '@coop/shared/payroll-rules';
import { PROPOSAL_STATUS_LABELS, PROPOSAL_STATUS_TONES } from '@coop/shared/proposal-rules';
import { statusWords, type StatusTone } from '@coop/shared/status-tones';
import { WITHDRAWAL_STATUS_LABELS, WITHDRAWAL_STATUS_TONES } from '@coop/shared/withdrawal-rules';
import { Badge } from './badge';

/**
 * Every domain's status words and tones, from its shared rules (docs/decisions/113-status-tones.md):
 * the one place the web turns a status into a colour.
 */
const STATUS_MAPS = {
  loan: [LOAN_STATUS_TONES, LOAN_STATUS_LABELS],
  guarantor: [GUARANTOR_STATUS_TONES, GUARANTOR_STATUS_LABELS],
  instalment: [SCHEDULE_ITEM_STATUS_TONES, SCHEDULE_ITEM_STATUS_LABELS],
  repayment: [REPAYMENT_STATUS_TONES, REPAYMENT_STATUS_LABELS],
  disbursement: [DISBURSEMENT_REQUEST_STATUS_TONES, DISBURSEMENT_REQUEST_STATUS_LABELS],
  certification: [CERTIFICATION_DECISION_TONES, CERTIFICATION_DECISION_LABELS],
  withdrawal: [WITHDRAWAL_STATUS_TONES, WITHDRAWAL_STATUS_LABELS],
  depositNotice: [DEPOSIT_NOTICE_STATUS_TONES, DEPOSIT_NOTICE_STATUS_LABELS],
  fine: [FINE_STATUS_TONES, FINE_STATUS_LABELS],
  dividend: [DIVIDEND_STATUS_TONES, DIVIDEND_STATUS_LABELS],
  contribution: [CONTRIBUTION_STATUS_TONES, CONTRIBUTION_STATUS_LABELS],
  member: [MEMBER_STATUS_TONES, MEMBER_STATUS_LABELS],
  payrollRow: [PAYROLL_ROW_STATUS_TONES, PAYROLL_ROW_STATUS_LABELS],
  proposal: [PROPOSAL_STATUS_TONES, PROPOSAL_STATUS_LABELS],
} as const;

export type StatusKind = keyof typeof STATUS_MAPS;
/** The statuses a kind knows, e.g. `StatusOf<'loan'>` is `LoanStatus`. */
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_MAPS)[K][0] & string;

/**
 * A record's status as a pill: the spec's words in its domain's tone, the same for a member and
 * an officer. `<StatusBadge of="loan" status="under_review" />` reads 'Under Review', in blue.
 */
export function StatusBadge<K extends StatusKind>({ of, status }: { of: K; status: StatusOf<K> }) {
  const [tones, labels] = STATUS_MAPS[of] as unknown as readonly [
    Readonly<Record<string, StatusTone>>,
    Readonly<Record<string, string>>,
  ];
  const tone = tones[status] ?? 'muted';
  return (
    <Badge variant={tone} data-tone={tone}>
      {labels[status] ?? statusWords(status)}
    </Badge>
  );
}
