import type { TextMessageListResponse } from '@coop/shared/sms';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { officerKeys } from '../../../lib/shared-query-keys';

/** GET /admin/text-messages: one page of the texts that failed or wait for a retry. */
export function getTextMessages(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<TextMessageListResponse> {
  return api.get<TextMessageListResponse>('/admin/text-messages', { params: query, signal });
}

export const textMessagesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: [...officerKeys.all, 'text-messages', query] as const,
    queryFn: ({ signal }) => getTextMessages(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTextMessages(query: QueryParams) {
  return useQuery(textMessagesQueryOptions(query));
}
