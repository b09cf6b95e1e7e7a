import type { ActivityTypeName } from '@coop/shared/dashboard-rules';
import { ArrowDownLeft, ArrowUpRight, Gift, Landmark, Receipt } from 'lucide-react';
import { cn } from '../../../lib/cn';

const ICONS = {
  contribution: ArrowDownLeft,
  withdrawal: ArrowUpRight,
  dividend: Gift,
  fine: Receipt,
  loan: Landmark,
} as const;

const TONES: Record<ActivityTypeName, string> = {
  contribution: 'bg-success-soft text-success-soft-foreground',
  withdrawal: 'bg-warning-soft text-warning-soft-foreground',
  dividend: 'bg-info-soft text-info-soft-foreground',
  fine: 'bg-danger-soft text-danger-soft-foreground',
  loan: 'bg-muted text-muted-foreground',
};

/** The round icon of a movement's type (docs/member-portal.md §2 "an icon by type"). */
export function ActivityIcon({ type }: { type: ActivityTypeName }) {
  const Icon = ICONS[type];
  return (
    <span
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', TONES[type])}
    >
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
