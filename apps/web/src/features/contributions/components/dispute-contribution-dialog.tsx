import type { Contribution } from '@coop/shared/contributions';
import { CONTRIBUTION_MESSAGES } from '@coop/shared/contribution-rules';
import { formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { TriangleAlert } from 'lucide-react';
import type { DeferredDialogControl } from '../../../components/dialogs/deferred-dialog';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { failureMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDisputeContribution } from '../api/dispute-contribution';

/**
 * A row's 'Dispute' dialog (its trigger is `DisputeContribution`, and this module is fetched on
 * the first press): it asks why (docs/member-portal.md §2, §5 "Dispute reason":
 * 10 to 500 characters once trimmed, the submit disabled below that). A failure is a toast and the
 * dialog stays with the reason, so the member can try again.
 */
export default function DisputeContributionDialog({
  contribution,
  ...control
}: { contribution: Contribution } & DeferredDialogControl) {
  const dispute = useDisputeContribution();
  const month = formatMonth(contribution.contributionMonth);
  return (
    <ReasonDialog
      {...control}
      title="Dispute contribution"
      description={`${month}: total ${formatNaira(contribution.totalAmount)}. Tell the administrator what is wrong; they will review it.`}
      kind="dispute"
      rows={5}
      texts={{
        label: 'Reason for dispute',
        placeholder: 'What is wrong with this contribution?',
        confirm: 'Submit Dispute',
        pending: 'Submitting...',
      }}
      after={
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{CONTRIBUTION_MESSAGES.disputeWarning}</AlertDescription>
        </Alert>
      }
      onConfirm={(reason) =>
        dispute.mutateAsync({ id: contribution.id, reason }).then(
          () =>
            toast.success(CONTRIBUTION_MESSAGES.disputeSubmittedTitle, {
              description: CONTRIBUTION_MESSAGES.disputeSubmitted,
            }),
          (error: unknown) => {
            toast.error(CONTRIBUTION_MESSAGES.errorTitle, {
              description: failureMessage(error, CONTRIBUTION_MESSAGES.disputeFailed),
            });
            throw error;
          },
        )
      }
    />
  );
}
