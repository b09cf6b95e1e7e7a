import { statusWords, type StatusDisplay } from '@coop/shared/status-tones';
import { Badge } from './badge';

/**
 * A record's status as a pill: the spec's words in its domain's tone, the same for a member and
 * an officer (docs/decisions/113-status-tones.md), the one place the web turns a status into a
 * colour. `of` is the domain's tones and words from its shared rules:
 * `<StatusBadge of={LOAN_STATUS_DISPLAY} status="under_review" />` reads 'Under Review', in blue.
 * The badge takes the domain's maps rather than a domain's name, so a page downloads only the
 * rules of the domains it shows (a member's Contributions page, not the payroll's).
 *
 * `label` replaces the words where a screen's own rule words a status differently while keeping
 * its domain's tone (the dashboard's Recent Activity reads 'Completed' for a confirmed
 * contribution).
 */
export function StatusBadge<S extends string>({
  of,
  status,
  label,
}: {
  of: StatusDisplay<S>;
  status: S;
  label?: string;
}) {
  const tone = of.tones[status] ?? 'muted';
  return (
    <Badge variant={tone} data-tone={tone}>
      {label ?? of.labels[status] ?? statusWords(status)}
    </Badge>
  );
}
