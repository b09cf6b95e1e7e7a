import type { FinancialSummary } from '@coop/shared/dashboard';
import { DASHBOARD_MESSAGES } from '@coop/shared/dashboard-rules';
import { heldText } from '@coop/shared/hold-rules';
import { formatNaira } from '@coop/shared/money';
import {
  Banknote,
  Gift,
  Landmark,
  Lock,
  PiggyBank,
  Receipt,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { WidgetRetry } from './widget-retry';
import { Card } from '../../../components/ui/card';

type Figure = Exclude<keyof FinancialSummary, 'held'>;

const CARDS: ReadonlyArray<{ key: Figure; label: string; icon: LucideIcon }> = [
  { key: 'totalSavings', label: 'Total Savings', icon: PiggyBank },
  { key: 'totalShareHolding', label: 'Share Holdings', icon: Banknote },
  { key: 'availableBalance', label: 'Available Balance', icon: Wallet },
  { key: 'frozenAmount', label: 'Frozen Amount', icon: Lock },
  { key: 'outstandingLoans', label: 'Outstanding Loans', icon: Landmark },
  { key: 'totalDividends', label: 'Total Dividends', icon: Gift },
  { key: 'totalFines', label: 'Total Fines', icon: Receipt },
];

type FinancialOverviewProps = {
  summary: FinancialSummary | undefined;
  isPending: boolean;
  isError: boolean;
  /** Asks for the dashboard again after a failure (the widget shows Retry). */
  onRetry?: () => void;
  isRetrying?: boolean;
};

/**
 * docs/member-portal.md §2 Financial Overview: the seven figures of the balance projection. Under
 * Available Balance, each reason money is held says how much and why (decision 030 "Holds").
 */
export function FinancialOverview({
  summary,
  isPending,
  isError,
  onRetry,
  isRetrying = false,
}: FinancialOverviewProps) {
  return (
    <section aria-labelledby="financial-overview" className="grid gap-3">
      <h2 id="financial-overview" className="text-lg font-semibold">
        Financial Overview
      </h2>
      {isError ? (
        <div className="grid gap-3">
          <Alert variant="destructive" role="alert">
            <AlertDescription>{DASHBOARD_MESSAGES.financialFailed}</AlertDescription>
          </Alert>
          {onRetry ? <WidgetRetry onRetry={onRetry} isRetrying={isRetrying} /> : null}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-busy={isPending}>
          {CARDS.map(({ key, label, icon: Icon }) => (
            <li key={key}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                  {label}
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                </span>
                <span className="text-lg font-semibold tabular-nums sm:text-xl">
                  {summary ? (
                    formatNaira(summary[key])
                  ) : (
                    <span className="inline-block h-6 w-20 animate-pulse rounded bg-muted" />
                  )}
                </span>
                {key === 'availableBalance' && summary && summary.held.length > 0 ? (
                  <ul className="grid gap-1 text-xs text-muted-foreground">
                    {summary.held.map((held) => (
                      <li key={`${held.account}-${held.reason}`}>{heldText(held)}</li>
                    ))}
                  </ul>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
