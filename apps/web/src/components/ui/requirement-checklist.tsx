import { Check, Circle } from 'lucide-react';
import { cn } from '../../lib/cn';

export type Requirement = {
  id: string;
  label: string;
  test: (value: string) => boolean;
};

/**
 * A live checklist of password rules (docs/member-portal.md §2 Activation and Reset): each line
 * turns green as the typed value meets it. Screen readers hear "met" or "not met" after each rule.
 */
export function RequirementChecklist({
  id,
  title = 'Password requirements',
  requirements,
  value,
}: {
  id: string;
  title?: string;
  requirements: readonly Requirement[];
  value: string;
}) {
  return (
    <div id={id} className="rounded-lg border bg-muted/50 p-3">
      <p className="mb-2 text-sm font-medium">{title}</p>
      <ul className="grid gap-1.5 text-sm">
        {requirements.map((requirement) => {
          const met = requirement.test(value);
          return (
            <li
              key={requirement.id}
              data-met={met}
              className={cn(
                'flex items-center gap-2',
                met ? 'text-success-soft-foreground' : 'text-muted-foreground',
              )}
            >
              {met ? (
                <Check aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <Circle aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span>
                {requirement.label}
                <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
