import type { Contribution } from '@coop/shared/contributions';
import {
  CONTRIBUTION_MESSAGES,
  contributionsConfirmedMessage,
} from '@coop/shared/contribution-rules';
import { formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import type { DeferredDialogControl } from '../../../components/dialogs/deferred-dialog';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { failureMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmContributions } from '../api/confirm-contributions';

type ConfirmContributionsDialogProps = DeferredDialogControl & {
  /** The selected pending contributions. */
  contributions: readonly Contribution[];
  onConfirmed: () => void;
  /**
   * Where focus goes once the confirmed dialog has closed: its trigger is disabled by then (the
   * selection is empty), and focus returned there would fall to the page's body.
   */
  focusAfterConfirm: () => void;
};

/**
 * The 'Confirm' dialog for the selection, with docs/member-portal.md §2's warning (its trigger is
 * `ConfirmContributions`; this module is fetched on the first press). Either way the dialog closes and the list is fetched afresh, so a stale selection is not offered
 * again; a failure is a toast.
 */
export default function ConfirmContributionsDialog({
  contributions,
  onConfirmed,
  focusAfterConfirm,
  onCloseAutoFocus,
  ...control
}: ConfirmContributionsDialogProps) {
  const confirmed = useRef(false);
  const confirm = useConfirmContributions();
  const count = contributions.length;

  return (
    <ConfirmDialog
      {...control}
      onCloseAutoFocus={(event) => {
        if (!confirmed.current) return onCloseAutoFocus(event);
        confirmed.current = false;
        event.preventDefault();
        focusAfterConfirm();
      }}
      title="Confirm contributions"
      description={`Check that ${count === 1 ? 'this deduction matches' : 'these deductions match'} your payslip before you confirm ${count === 1 ? 'it' : `all ${count}`}.`}
      texts={{ confirm: 'Confirm', pending: 'Confirming...' }}
      details={
        <>
          <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-lg bg-muted/60 p-3 text-sm">
            {contributions.map((contribution) => (
              <li key={contribution.id} className="flex justify-between gap-4">
                <span>{formatMonth(contribution.contributionMonth)}</span>
                <span className="font-medium tabular-nums">
                  {formatNaira(contribution.totalAmount)}
                </span>
              </li>
            ))}
          </ul>
          <Alert variant="warning">
            <TriangleAlert aria-hidden="true" />
            <AlertDescription>{CONTRIBUTION_MESSAGES.confirmWarning}</AlertDescription>
          </Alert>
        </>
      }
      onConfirm={() =>
        confirm.mutateAsync(contributions.map((contribution) => contribution.id)).then(
          ({ data }) => {
            toast.success(CONTRIBUTION_MESSAGES.successTitle, {
              description: contributionsConfirmedMessage(data.contributions.length),
            });
            confirmed.current = true;
            onConfirmed();
          },
          (error: unknown) =>
            toast.error(CONTRIBUTION_MESSAGES.errorTitle, {
              description: failureMessage(error, CONTRIBUTION_MESSAGES.confirmFailed),
            }),
        )
      }
    />
  );
}
