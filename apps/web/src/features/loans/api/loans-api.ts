/**
 * The loans page's calls (spec §7 Loans and guarantees): queries and mutations in one place, as
 * they share keys and invalidate each other (an accept changes the guarantor list, the
 * eligibility, the member's loans and the dashboard).
 */
import type { GuarantorCandidate, GuarantorRequest } from '@coop/shared/guarantors';
import type {
  CertificationResult,
  Eligibility,
  Loan,
  LoanCalculation,
  LoanGuarantor,
  UnderReviewLoan,
} from '@coop/shared/loans';
import type { Pagination } from '@coop/shared/http';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';

type Envelope<T> = { success: true; data: T; message?: string };
type ListEnvelope<T> = { success: true; data: T[]; pagination: Pagination };

export const loanKeys = {
  all: ['loans'] as const,
  eligibility: () => [...loanKeys.all, 'eligibility'] as const,
  list: (query: QueryParams) => [...loanKeys.all, 'list', query] as const,
  guarantees: (query: QueryParams) => [...loanKeys.all, 'guarantees', query] as const,
  underReview: (query: QueryParams) => [...loanKeys.all, 'under-review', query] as const,
  candidates: (search: string) => [...loanKeys.all, 'candidates', search] as const,
};

/** The dashboard's key: loans change its pending actions and balances (features never import each other). */
const DASHBOARD_KEY = ['dashboard'] as const;

function refreshLoans(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loanKeys.all }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ]);
}

export function useEligibility() {
  return useQuery({
    queryKey: loanKeys.eligibility(),
    queryFn: ({ signal }) =>
      api.get<Envelope<Eligibility>>('/users/loans/eligibility', { signal }).then((r) => r.data),
  });
}

export function useLoans(query: QueryParams) {
  return useQuery({
    queryKey: loanKeys.list(query),
    queryFn: ({ signal }) => api.get<ListEnvelope<Loan>>('/users/loans', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGuarantorRequests(query: QueryParams) {
  return useQuery({
    queryKey: loanKeys.guarantees(query),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<GuarantorRequest>>('/users/guarantees', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLoansUnderReview(query: QueryParams, enabled: boolean) {
  return useQuery({
    queryKey: loanKeys.underReview(query),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<UnderReviewLoan>>('/users/loans/under-review', {
        params: query,
        signal,
      }),
    enabled,
  });
}

/** Guarantor candidates, a page at a time for infinite scroll; the term is already debounced. */
export function useGuarantorCandidates(search: string) {
  return useInfiniteQuery({
    queryKey: loanKeys.candidates(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<ListEnvelope<GuarantorCandidate>>('/users/guarantor-candidates', {
        params: { search, page: pageParam, limit: 20 },
        signal,
      }),
    getNextPageParam: (last) =>
      last.pagination.hasNext ? last.pagination.currentPage + 1 : undefined,
  });
}

export type CalculationInput = {
  requestedAmount: number;
  repaymentTermMonths: 6 | 12 | 18;
  deductProcessingFee: boolean;
};

export function calculateLoan(input: CalculationInput): Promise<LoanCalculation> {
  return api.post<Envelope<LoanCalculation>>('/users/loans/calculate', input).then((r) => r.data);
}

export function useCalculateLoan() {
  return useMutation({ mutationFn: calculateLoan });
}

export type LoanRequestInput = CalculationInput & { purpose: string; guarantorUserIds: string[] };

export function useRequestLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: LoanRequestInput; key: string }) =>
      api
        .post<Envelope<Loan>>('/users/loans/request', input, { idempotencyKey: key })
        .then((r) => r.data),
    onSuccess: async (loan) => {
      // Spec §4: the new loan goes at the top, and the stored eligibility is cleared.
      queryClient.removeQueries({ queryKey: loanKeys.eligibility() });
      queryClient.setQueriesData<ListEnvelope<Loan>>(
        { queryKey: [...loanKeys.all, 'list'] },
        (old) =>
          old ? { ...old, data: [loan, ...old.data.filter((l) => l.id !== loan.id)] } : old,
      );
      await refreshLoans(queryClient);
    },
  });
}

export function useAnswerGuarantorRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      request,
      decision,
      reason,
    }: {
      request: GuarantorRequest;
      decision: 'accept' | 'reject';
      reason?: string;
    }) =>
      api.post<Envelope<GuarantorRequest>>(
        `/users/guarantees/${encodeURIComponent(request.id)}/${decision}`,
        decision === 'accept'
          ? { token: request.acceptanceToken }
          : { token: request.acceptanceToken, ...(reason ? { reason } : {}) },
        { idempotencyKey: `${decision}-${request.id}` },
      ),
    onSuccess: () => refreshLoans(queryClient),
  });
}

export function useReassignGuarantor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      guarantorId,
      newGuarantorUserId,
    }: {
      guarantorId: string;
      newGuarantorUserId: string;
    }) =>
      api.post<Envelope<LoanGuarantor>>(
        `/users/guarantees/${encodeURIComponent(guarantorId)}/reassign`,
        { newGuarantorUserId, guarantorId },
        { idempotencyKey: `reassign-${guarantorId}-${newGuarantorUserId}` },
      ),
    onSuccess: () => refreshLoans(queryClient),
  });
}

export function useCertifyLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      note,
    }: {
      id: string;
      decision: 'approve' | 'reject';
      note: string;
    }) =>
      api.post<Envelope<CertificationResult>>(
        `/users/loans/${encodeURIComponent(id)}/certify`,
        { decision, ...(note.trim() ? { note: note.trim() } : {}) },
        { idempotencyKey: `certify-${id}-${decision}` },
      ),
    onSuccess: () => refreshLoans(queryClient),
  });
}
