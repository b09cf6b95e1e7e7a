/**
 * The audit trail in words for the back office: who did what, and what changed from before to
 * after, instead of action codes, bare UUIDs and raw JSON. The API keeps the codes and the JSON
 * (the CSV export and the auditor's tools read them); only the screen reads them aloud.
 */

export const AUDIT_MESSAGES = {
  empty: 'No audit entries found',
} as const;

/** Actions whose code does not read well when spelled out word by word. */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  'auth.login.succeeded': 'Signed in',
  'auth.login.failed': 'Sign-in failed',
  'auth.login.refused': 'Sign-in refused',
  'auth.logout': 'Signed out',
  'auth.account_activated': 'Activated their account',
  'auth.other_sessions_ended': 'Signed out of other sessions',
  'auth.password_change.completed': 'Changed their password',
  'auth.password_reset.requested': 'Asked for a password reset',
  'auth.password_reset.completed': 'Reset their password',
  'auth.refresh.reuse_detected': 'A used sign-in token was presented again',
  'auth.two_factor.enabled': 'Turned on two-factor sign-in',
  'auth.two_factor.disabled': 'Turned off two-factor sign-in',
  'auth.two_factor.failed': 'Two-factor code refused',
  'auth.two_factor.passed': 'Two-factor code accepted',
  'auth.two_factor.reset': 'Two-factor sign-in reset',
  'authorization.denied': 'Access refused',
  'member.data_exported': 'Downloaded their data',
  'member.statement_downloaded': 'Downloaded a statement',
  'statement.verified': 'Checked a statement’s code: issued',
  'statement.verification_failed': 'Checked a statement’s code: not issued',
  'report.exported': 'Exported a report',
  'members.imported': 'Imported members',
  'payroll.posted': 'Posted a payroll file',
  'payroll.remittance_recorded': 'Recorded a payroll remittance',
  'payroll.schedule_generated': 'Generated a deduction schedule',
};

/** Entity types named as the back office names them. */
const ENTITY_WORDS: Readonly<Record<string, string>> = {
  user: 'Member',
  loan_guarantor: 'Guarantee',
  refresh_family: 'Sign-in session',
  payroll_month: 'Payroll month',
  payroll_remittance: 'Payroll remittance',
  payroll_schedule: 'Deduction schedule',
  route: 'Page',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'under_review' → 'under review'; 'requestedAmount' → 'requested amount'. */
const spaced = (code: string) =>
  code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();

/** 'loan.guarantor_accepted' → 'Loan guarantor accepted', unless the action has its own words. */
export function describeAuditAction(action: string): string {
  return ACTION_WORDS[action] ?? sentence(spaced(action.replaceAll('.', ' ')));
}

/**
 * A UUID shortened to its first eight characters, as people read a commit hash; any other id
 * (a loan number, a file name) whole.
 */
export function shortAuditId(id: string): string {
  return UUID.test(id) ? id.slice(0, 8) : id;
}

/** 'loan_guarantor' → 'Guarantee'; 'withdrawal' → 'Withdrawal'. */
export function describeAuditEntity(entityType: string): string {
  return ENTITY_WORDS[entityType] ?? sentence(spaced(entityType));
}

function valueInWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-NG');
  if (typeof value === 'string') {
    if (UUID.test(value)) return shortAuditId(value);
    // Codes such as 'under_review' read as words; free text (a reason, a name) stays as typed.
    return /^[a-z0-9]+(_[a-z0-9]+)+$/.test(value) ? spaced(value) : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.length > 3) return `${value.length.toLocaleString('en-NG')} items`;
    return value.map(valueInWords).join(', ');
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .map(([key, inner]) => `${spaced(key)} ${valueInWords(inner)}`);
    return parts.length === 0 ? 'none' : parts.join(', ');
  }
  // What JSON can still hold: a bigint or a symbol never reaches the audit table.
  return typeof value === 'bigint' ? value.toLocaleString('en-NG') : 'none';
}

const fields = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * One line per field that the entry records: 'Status: pending → approved' when both sides hold
 * it, 'Amount: 5,000' when only the after side does, 'Status was pending' when only the before.
 */
export function describeAuditChanges(before: unknown, after: unknown): string[] {
  const from = fields(before);
  const to = fields(after);
  if (from === null && to === null) {
    const sides = [before, after].filter((side) => side !== null && side !== undefined);
    return sides.map(valueInWords);
  }
  const keys = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  return keys.flatMap((key) => {
    const label = sentence(spaced(key));
    const had = from !== null && key in from && from[key] !== undefined;
    const has = to !== null && key in to && to[key] !== undefined;
    if (had && has) {
      const was = valueInWords(from[key]);
      const now = valueInWords(to[key]);
      return [was === now ? `${label}: ${now}` : `${label}: ${was} → ${now}`];
    }
    if (has) return [`${label}: ${valueInWords(to?.[key])}`];
    if (had) return [`${label} was ${valueInWords(from?.[key])}`];
    return [];
  });
}
