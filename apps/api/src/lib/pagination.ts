import { buildPagination } from '@coop/shared/http';

export interface PageRequest {
  page: number;
  limit: number;
}

/** Offset and pagination object for one page of a list (spec §3 Pagination). */
export function pageWindow({ page, limit }: PageRequest) {
  return { offset: (page - 1) * limit, limit };
}

export function paginationFor({ page, limit }: PageRequest, totalItems: number) {
  return buildPagination(page, limit, totalItems);
}
