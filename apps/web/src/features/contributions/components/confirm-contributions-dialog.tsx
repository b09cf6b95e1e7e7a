import type { Contribution } from '@coop/shared/contributions';
import { formatNaira } from '@coop/shared/money';
import { CheckCheck, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
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
import { failureMessage } from '../../../lib/api-client';
import { formatMonth } from '@coop/shared/dates';
import { useConfirmContributions } from '../api/confirm-contributions';
import {
  CONTRIBUTION_MESSAGES,
  contributionsConfirmedMessage,
} from '@coop/shared/contribution-rules';

type ConfirmContributionsDialogProps = {
  /** The selected pending contributions. */
  contributions: readonly Contribution[];
  onConfirmed: () => void;
  /**
   * Where focus goes once the confirmed dialog has closed: its trigger is disabled by then (the
   * selection is empty), and focus returned there would fall to the page's body.
   */
  focusAfterConfirm: () => void;
};

/** The 'Confirm' action for the selection, behind a dialog with spec §2's warning. */
export function ConfirmContributionsDialog({
  contributions,
  onConfirmed,
  focusAfterConfirm,
}: ConfirmContributionsDialogProps) {
  const [open, setOpen] = useState(false);
  const confirmed = useRef(false);
  const confirm = useConfirmContributions();
  const count = contributions.length;

  const submit = () =>
    confirm.mutate(
      contributions.map((contribution) => contribution.id),
      {
        onSuccess: ({ data }) => {
          toast.success(CONTRIBUTION_MESSAGES.successTitle, {
            description: contributionsConfirmedMessage(data.contributions.length),
          });
          confirmed.current = true;
          onConfirmed();
        },
        onError: (error) =>
          toast.error(CONTRIBUTION_MESSAGES.errorTitle, {
            description: failureMessage(error, CONTRIBUTION_MESSAGES.confirmFailed),
          }),
        // Either way the list is fetched afresh, so a stale selection is not offered again.
        onSettled: () => setOpen(false),
      },
    );

  return (
    // While the confirmation is being sent the dialog stays, so its outcome is seen.
    <Dialog open={open} onOpenChange={(next) => !confirm.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button disabled={count === 0}>
          <CheckCheck aria-hidden="true" />
          Confirm
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!confirmed.current) return;
          confirmed.current = false;
          event.preventDefault();
          focusAfterConfirm();
        }}
      >
        <DialogHeader>
          <DialogTitle>Confirm contributions</DialogTitle>
          <DialogDescription>
            Check that {count === 1 ? 'this deduction matches' : 'these deductions match'} your
            payslip before you confirm {count === 1 ? 'it' : `all ${count}`}.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
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
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={confirm.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton isPending={confirm.isPending} pendingLabel="Confirming...">
              Confirm
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
