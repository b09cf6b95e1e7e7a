import type { SavingsMonth } from '@coop/shared/dashboard';
import { NEXT_UP_MESSAGES } from '@coop/shared/dashboard-rules';
import { formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId } from 'react';

const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 20;

/**
 * Savings and share holding at the end of each month as stacked bars (docs/decisions/
 * 160-dashboard-leads-with-whats-next.md): hand-written SVG, so the dashboard's first load carries
 * no charting library. The picture is hidden from screen readers; they read the summary and the
 * table of the same figures instead. Colours are theme tokens (both themes), and each series is
 * named in the legend, not told by colour alone.
 */
export function SavingsChart({ months }: { months: readonly SavingsMonth[] }) {
  const id = useId();
  if (months.length === 0)
    return <p className="text-sm text-muted-foreground">{NEXT_UP_MESSAGES.chartEmpty}</p>;
  const first = months[0];
  const last = months[months.length - 1];
  const top = Math.max(...months.map((m) => m.savings + m.shares), 1);
  const slot = WIDTH / months.length;
  const bar = Math.max(Math.min(slot * 0.6, 36), 4);
  const scale = (value: number) => (value / top) * (HEIGHT - AXIS - 4);
  const summary =
    first && last
      ? `From ${formatMonth(first.month)} to ${formatMonth(last.month)}, your savings went from ${formatNaira(first.savings)} to ${formatNaira(last.savings)} and your share holding from ${formatNaira(first.shares)} to ${formatNaira(last.shares)}.`
      : '';
  return (
    <figure className="grid gap-2" aria-labelledby={`${id}-summary`}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        aria-hidden="true"
        focusable="false"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="stroke-border" />
        {months.map((m, index) => {
          const x = index * slot + (slot - bar) / 2;
          const savingsHeight = scale(m.savings);
          const sharesHeight = scale(m.shares);
          const base = HEIGHT - AXIS;
          // Every other label on a narrow chart, so twelve months fit a phone.
          const labelled = months.length <= 6 || (months.length - 1 - index) % 2 === 0;
          return (
            <g key={m.month}>
              <rect
                x={x}
                y={base - savingsHeight}
                width={bar}
                height={savingsHeight}
                className="fill-primary"
                rx={2}
              />
              <rect
                x={x}
                y={base - savingsHeight - sharesHeight}
                width={bar}
                height={sharesHeight}
                className="fill-info-soft-foreground"
                rx={2}
              />
              {labelled ? (
                <text
                  x={x + bar / 2}
                  y={HEIGHT - 5}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[11px]"
                >
                  {formatMonth(m.month).slice(0, 3)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="grid gap-1 text-sm">
        <span className="flex flex-wrap gap-4" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-primary" /> Savings
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-info-soft-foreground" /> Share holding
          </span>
        </span>
        <span id={`${id}-summary`} className="text-muted-foreground">
          {summary}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>{NEXT_UP_MESSAGES.chartTitle}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Savings</th>
            <th scope="col">Share holding</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              <td>{formatNaira(m.savings)}</td>
              <td>{formatNaira(m.shares)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
