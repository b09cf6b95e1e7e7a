import type { DividendPreviewRequest, DividendPreviewResponse } from '@coop/shared/dividends';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /admin/dividends/preview: what a year at a rate would pay; writes nothing, no key. */
export function previewDividend(values: DividendPreviewRequest): Promise<DividendPreviewResponse> {
  return api.post<DividendPreviewResponse>('/admin/dividends/preview', values);
}

/** A mutation for its pending and error states; nothing is stale after it. */
export function usePreviewDividend() {
  return useMutation({ mutationFn: previewDividend });
}
