import type {
  WithdrawalListResponse,
  WithdrawalResponse,
  Withdrawal,
} from '@coop/shared/withdrawals';
import { WITHDRAWAL_MESSAGES, WITHDRAWAL_TYPE_LABELS } from '@coop/shared/withdrawal-rules';
import { formatNaira } from '@coop/shared/money';
import { api } from '../../../lib/api';
import { useUndoable } from '../../../lib/undoable';
import { refreshAfterWithdrawalChange, withdrawalKeys } from './withdrawal-keys';

/** PUT /users/withdrawals/{id} with `{ status: 'cancelled' }`: the member cancels a pending one. */
export function cancelWithdrawal(id: string, keepalive = false): Promise<WithdrawalResponse> {
  return api.put<WithdrawalResponse>(
    `/users/withdrawals/${encodeURIComponent(id)}`,
    { status: 'cancelled' },
    keepalive ? { keepalive } : undefined,
  );
}

/**
 * Cancels a pending request with Undo (docs/decisions/162-undo-is-a-delayed-send.md): the row
 * reads Cancelled at once; the cancellation is sent when the window ends.
 */
export function useCancelWithdrawal() {
  const undoable = useUndoable();
  return (withdrawal: Withdrawal) =>
    undoable<WithdrawalListResponse>({
      title: WITHDRAWAL_MESSAGES.cancelled,
      description: `Your ${WITHDRAWAL_TYPE_LABELS[withdrawal.withdrawalType].toLowerCase()} request of ${formatNaira(withdrawal.requestedAmount)} will be released back to your available balance.`,
      queryKey: [...withdrawalKeys.all, 'list'],
      update: (page) => ({
        ...page,
        data: page.data.map((row) =>
          row.id === withdrawal.id ? { ...row, status: 'cancelled' as const } : row,
        ),
      }),
      send: (keepalive) => cancelWithdrawal(withdrawal.id, keepalive),
      refresh: refreshAfterWithdrawalChange,
      failureTitle: WITHDRAWAL_MESSAGES.failedTitle,
      failureFallback: WITHDRAWAL_MESSAGES.failedMessage,
    });
}
