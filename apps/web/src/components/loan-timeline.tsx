import {
  loanTimeline,
  TIMELINE_STATE_WORDS,
  type TimelineLoan,
  type TimelineStepState,
} from '@coop/shared/loan-timeline';
import { CheckCircle2, Circle, CircleDot, XCircle, type LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

const STATE_LOOK: Record<TimelineStepState, { icon: LucideIcon; className: string }> = {
  done: { icon: CheckCircle2, className: 'text-success' },
  current: { icon: CircleDot, className: 'text-primary' },
  upcoming: { icon: Circle, className: 'text-muted-foreground' },
  failed: { icon: XCircle, className: 'text-destructive' },
};

/**
 * A loan's path as steps with who and when (docs/business-rules.md "A loan's timeline"), then who
 * it waits for and the expected next step. An ordered list: each step's state is said in words
 * beside its icon, so neither colour nor shape alone tells it. My Loans shows it in a loan's
 * details, the dashboard for the member's current loan.
 */
export function LoanTimeline({ loan, className }: { loan: TimelineLoan; className?: string }) {
  const { steps, waitingFor, next } = loanTimeline(loan);
  return (
    <div className={cn('grid gap-3', className)}>
      <ol className="grid gap-0">
        {steps.map((step, index) => {
          const look = STATE_LOOK[step.state];
          const Icon = look.icon;
          const last = index === steps.length - 1;
          return (
            <li key={step.key} className="relative grid grid-cols-[1.25rem_1fr] gap-x-3 pb-3">
              {last ? null : (
                <span
                  aria-hidden="true"
                  className="absolute top-6 bottom-0 left-[0.5625rem] w-px bg-border"
                />
              )}
              <Icon aria-hidden="true" className={cn('mt-0.5 size-5', look.className)} />
              <div className="grid min-w-0 gap-0.5">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-medium">{step.title}</span>
                  <span className="sr-only">({TIMELINE_STATE_WORDS[step.state]})</span>
                  {step.when ? (
                    <span className="text-xs text-muted-foreground">{step.when}</span>
                  ) : null}
                </p>
                <p
                  className={cn(
                    'text-sm',
                    step.state === 'failed' ? 'text-destructive' : 'text-muted-foreground',
                  )}
                >
                  {step.detail}
                </p>
                {step.items && step.items.length > 0 ? (
                  <ul className="grid gap-0.5 text-sm">
                    {step.items.map((item) => (
                      <li key={item.label} className="flex items-start gap-1.5">
                        {(() => {
                          const ItemIcon = STATE_LOOK[item.state].icon;
                          return (
                            <ItemIcon
                              aria-hidden="true"
                              className={cn(
                                'mt-0.5 size-3.5 shrink-0',
                                STATE_LOOK[item.state].className,
                              )}
                            />
                          );
                        })()}
                        <span>{item.label}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <dl className="grid gap-1 rounded-md bg-muted p-3 text-sm">
        {waitingFor ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium">Waiting for</dt>
            <dd>{waitingFor}</dd>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">Next</dt>
          <dd>{next}</dd>
        </div>
      </dl>
    </div>
  );
}
