import type {
  AdminLoanDetailResponse,
  AdminLoanListResponse,
  AdminRepaymentInput,
  DisburseLoanInput,
} from '@coop/shared/loans';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

const loanPath = (id: string) => `/admin/loans/${encodeURIComponent(id)}`;

/** GET /admin/loans: the pipeline. */
export function useAdminLoans(query: QueryParams) {
  return useQuery({
    queryKey: [...adminKeys.all, 'loans', query],
    queryFn: ({ signal }) =>
      api.get<AdminLoanListResponse>('/admin/loans', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/loans/{id}: one loan's full history. */
export function useAdminLoan(id: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'loan', id],
    queryFn: ({ signal }) => api.get<AdminLoanDetailResponse>(loanPath(id), { signal }),
  });
}

type LoanAction =
  | { kind: 'disburse'; values: DisburseLoanInput }
  | { kind: 'approve' }
  | { kind: 'reject'; values: { reason: string } }
  | { kind: 'repay'; values: AdminRepaymentInput }
  | { kind: 'default'; values: { reason: string } };

const ACTION_URLS: Record<LoanAction['kind'], string> = {
  disburse: '/disburse',
  approve: '/disbursement/approve',
  reject: '/disbursement/reject',
  repay: '/repayments',
  default: '/default',
};

/** Every write on a loan: one Idempotency-Key per thing asked, kept across its retries. */
export function useLoanAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, key }: { id: string; action: LoanAction; key: string }) =>
      api.post<AdminLoanDetailResponse>(
        `${loanPath(id)}${ACTION_URLS[action.kind]}`,
        'values' in action ? action.values : undefined,
        { idempotencyKey: key },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
