import { formatNaira } from '@coop/shared/money';
import { ArrowRight } from 'lucide-react';

/**
 * A confirmation's before and after (docs/decisions/163-phone-money-lists-and-figures.md): what a
 * balance is now and what it will be once the action is done, so the member decides on the
 * number that changes, not only on the amount asked. `after` is null until the amount is valid.
 */
export function BalanceAfter({
  label,
  before,
  after,
  afterLabel,
}: {
  /** 'Available savings'. */
  label: string;
  before: number;
  after: number | null;
  /** 'After this request', 'After the freeze'. */
  afterLabel: string;
}) {
  return (
    <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-1 rounded-lg border bg-muted/40 p-3 text-sm">
      <dt className="text-muted-foreground">{label} now</dt>
      <dd className="text-right font-medium tabular-nums">{formatNaira(before)}</dd>
      <dt className="flex items-center gap-1 text-muted-foreground">
        <ArrowRight aria-hidden="true" className="size-3.5" />
        {afterLabel}
      </dt>
      <dd className="text-right font-semibold tabular-nums" aria-live="polite">
        {after === null ? '—' : formatNaira(after)}
      </dd>
    </dl>
  );
}
