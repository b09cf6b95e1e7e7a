import type {
  DepositInstructionsResponse,
  DepositNoticeListResponse,
  DepositNoticeResponse,
} from '@coop/shared/deposit-notices';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';

export const depositNoticeKeys = {
  all: ['deposit-notices'] as const,
  instructions: () => [...depositNoticeKeys.all, 'instructions'] as const,
  list: (query: QueryParams) => [...depositNoticeKeys.all, 'list', query] as const,
};

/** GET /users/deposit-notices/instructions */
export function useDepositInstructions() {
  return useQuery(
    queryOptions({
      queryKey: depositNoticeKeys.instructions(),
      queryFn: ({ signal }) =>
        api.get<DepositInstructionsResponse>('/users/deposit-notices/instructions', { signal }),
    }),
  );
}

/** GET /users/deposit-notices */
export function useDepositNotices(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: depositNoticeKeys.list(query),
      queryFn: ({ signal }) =>
        api.get<DepositNoticeListResponse>('/users/deposit-notices', { params: query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export type SubmitDepositNoticeInput = {
  savingsAmount: number;
  shareHoldingAmount: number;
  transferDate: string;
  bankReference: string;
  note: string;
  idempotencyKey: string;
};

/** POST /users/deposit-notices with Idempotency-Key. */
export function submitDepositNotice({
  idempotencyKey,
  note,
  bankReference,
  ...amounts
}: SubmitDepositNoticeInput): Promise<DepositNoticeResponse> {
  const trimmed = note.trim();
  return api.post<DepositNoticeResponse>(
    '/users/deposit-notices',
    { ...amounts, bankReference: bankReference.trim(), ...(trimmed ? { note: trimmed } : {}) },
    { idempotencyKey },
  );
}

export function useSubmitDepositNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDepositNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositNoticeKeys.all }),
  });
}
