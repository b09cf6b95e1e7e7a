import type { Contribution } from '@coop/shared/contributions';
import { DISPUTE_REASON_MAX_LENGTH, DISPUTE_REASON_MIN_LENGTH } from '@coop/shared/constants';
import { formatNaira } from '@coop/shared/money';
import { MessageSquareWarning, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/textarea';
import { failureMessage } from '../../../lib/api-client';
import { formatMonth } from '@coop/shared/dates';
import { useDisputeContribution } from '../api/dispute-contribution';
import { CONTRIBUTION_MESSAGES } from '@coop/shared/contribution-rules';

/** Spec §5: the reason counts once trimmed, from 10 to 500 characters. */
export function isValidDisputeReason(reason: string): boolean {
  const length = reason.trim().length;
  return length >= DISPUTE_REASON_MIN_LENGTH && length <= DISPUTE_REASON_MAX_LENGTH;
}

type DisputeFormProps = {
  contribution: Contribution;
  dispute: ReturnType<typeof useDisputeContribution>;
  onDone: () => void;
};

/** The form lives inside the dialog's content, so a closed dialog forgets the reason. */
function DisputeForm({ contribution, dispute, onDone }: DisputeFormProps) {
  const [reason, setReason] = useState('');
  const counterId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidDisputeReason(reason)) return;
    dispute.mutate(
      { id: contribution.id, reason },
      {
        onSuccess: () => {
          toast.success(CONTRIBUTION_MESSAGES.disputeSubmittedTitle, {
            description: CONTRIBUTION_MESSAGES.disputeSubmitted,
          });
          onDone();
        },
        // The dialog stays open with the reason, so the member can try again.
        onError: (error) =>
          toast.error(CONTRIBUTION_MESSAGES.errorTitle, {
            description: failureMessage(error, CONTRIBUTION_MESSAGES.disputeFailed),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <FormField id={`${counterId}-reason`} label="Reason for dispute" describedBy={counterId}>
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={DISPUTE_REASON_MAX_LENGTH}
          rows={5}
          placeholder="What is wrong with this contribution?"
          required
        />
      </FormField>
      <p id={counterId} className="-mt-2 text-sm text-muted-foreground">
        {reason.length}/{DISPUTE_REASON_MAX_LENGTH} characters
        <span className="sr-only">, at least {DISPUTE_REASON_MIN_LENGTH}</span>
      </p>
      <Alert variant="warning">
        <TriangleAlert aria-hidden="true" />
        <AlertDescription>{CONTRIBUTION_MESSAGES.disputeWarning}</AlertDescription>
      </Alert>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={dispute.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton
          isPending={dispute.isPending}
          pendingLabel="Submitting..."
          disabled={!isValidDisputeReason(reason)}
        >
          Submit Dispute
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** A row's 'Dispute' action: a dialog that asks why (spec §2, §5 "Dispute reason"). */
export function DisputeContributionDialog({ contribution }: { contribution: Contribution }) {
  const [open, setOpen] = useState(false);
  const dispute = useDisputeContribution();
  const month = formatMonth(contribution.contributionMonth);
  return (
    // While the dispute is being sent the dialog stays, so its outcome is seen.
    <Dialog open={open} onOpenChange={(next) => !dispute.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        {/* 40 px on touch screens; compact in the desktop table. */}
        <Button variant="outline" className="md:h-8 md:px-3">
          <MessageSquareWarning aria-hidden="true" />
          Dispute<span className="sr-only"> {month} contribution</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Dispute contribution</DialogTitle>
          <DialogDescription>
            {month}: total {formatNaira(contribution.totalAmount)}. Tell the administrator what is
            wrong; they will review it.
          </DialogDescription>
        </DialogHeader>
        <DisputeForm contribution={contribution} dispute={dispute} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
