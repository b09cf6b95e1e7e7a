import type { Contribution } from '@coop/shared/contributions';
import { formatMonth } from '@coop/shared/dates';
import { CheckCheck, MessageSquareWarning } from 'lucide-react';
import { lazy } from 'react';
import { DeferredDialog } from '../../../components/dialogs/deferred-dialog';
import { Button } from '../../../components/ui/button';

// The dialogs behind the list's two actions are fetched on the first press: the buttons are on
// the first paint, the dialog kit is not (bench/README.md).
const ConfirmContributionsDialog = lazy(() => import('./confirm-contributions-dialog'));
const DisputeContributionDialog = lazy(() => import('./dispute-contribution-dialog'));

/** The 'Confirm' action for the selected pending contributions. */
export function ConfirmContributions({
  contributions,
  onConfirmed,
  focusAfterConfirm,
}: {
  contributions: readonly Contribution[];
  onConfirmed: () => void;
  focusAfterConfirm: () => void;
}) {
  return (
    <DeferredDialog
      trigger={
        <Button disabled={contributions.length === 0}>
          <CheckCheck aria-hidden="true" />
          Confirm
        </Button>
      }
    >
      {(control) => (
        <ConfirmContributionsDialog
          {...control}
          contributions={contributions}
          onConfirmed={onConfirmed}
          focusAfterConfirm={focusAfterConfirm}
        />
      )}
    </DeferredDialog>
  );
}

/** A row's 'Dispute' action. */
export function DisputeContribution({ contribution }: { contribution: Contribution }) {
  return (
    <DeferredDialog
      trigger={
        // 40 px on touch screens; compact in the desktop table.
        <Button variant="outline" className="md:h-8 md:px-3">
          <MessageSquareWarning aria-hidden="true" />
          Dispute
          <span className="sr-only">
            {' '}
            {formatMonth(contribution.contributionMonth)} contribution
          </span>
        </Button>
      }
    >
      {(control) => <DisputeContributionDialog {...control} contribution={contribution} />}
    </DeferredDialog>
  );
}
