import { formatNaira } from '@coop/shared/money';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * '+₦30,000' or '−₦20,000': a change to the member's money, signed. The sign and the arrow (in,
 * out) tell a credit from a debit; the colour only repeats them (docs/decisions/
 * 163-phone-money-lists-and-figures.md).
 */
export function SignedAmount({
  amount,
  arrow = false,
  className,
}: {
  /** Naira, as the API carries it: positive in, negative out. */
  amount: number;
  /** The in/out arrow before the figure, where rows of both kinds are read down a column. */
  arrow?: boolean;
  className?: string;
}) {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  const Arrow = amount < 0 ? ArrowUpRight : ArrowDownLeft;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-semibold whitespace-nowrap tabular-nums',
        amount > 0
          ? 'text-success-soft-foreground'
          : amount < 0
            ? 'text-danger-soft-foreground'
            : '',
        className,
      )}
    >
      {arrow && amount !== 0 ? <Arrow aria-hidden="true" className="size-3.5 shrink-0" /> : null}
      {sign}
      {formatNaira(Math.abs(amount))}
    </span>
  );
}
