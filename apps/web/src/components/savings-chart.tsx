import type { SavingsMonth } from '@coop/shared/dashboard';
import { NEXT_UP_MESSAGES } from '@coop/shared/dashboard-rules';
import { formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId } from 'react';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 2;

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
        // A fixed height at any width: the bars widen on a desktop rather than grow tall.
        preserveAspectRatio="none"
        className="h-40 w-full"
        aria-hidden="true"
        focusable="false"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - AXIS}
          y2={HEIGHT - AXIS}
          className="stroke-border"
          vectorEffect="non-scaling-stroke"
        />
        {months.map((m, index) => {
          const x = index * slot + (slot - bar) / 2;
          const savingsHeight = scale(m.savings);
          const sharesHeight = scale(m.shares);
          const base = HEIGHT - AXIS;
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
            </g>
          );
        })}
      </svg>
      {/* The months in HTML under the bars, so they read at the same size on a phone and a
          desktop; every other one when there are more than six, the latest always. */}
      <div
        aria-hidden="true"
        className="-mt-1 grid text-center text-xs text-muted-foreground"
        style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}
      >
        {months.map((m, index) => (
          <span key={m.month}>
            {months.length <= 6 || (months.length - 1 - index) % 2 === 0
              ? formatMonth(m.month).slice(0, 3)
              : ''}
          </span>
        ))}
      </div>
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
