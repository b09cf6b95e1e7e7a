import type { QueryParams } from '../../../lib/api-client';
import { officerKeys } from '../../../lib/shared-query-keys';

/**
 * The members feature's query keys, all under the back office's root (officers only), so every
 * officer's write refreshes them (docs/decisions/127). The list's key is shared with the fine
 * dialog's member picker, hence defined in `shared-query-keys.ts`.
 */
export const memberKeys = {
  all: [...officerKeys.all, 'members'] as const,
  list: (query: QueryParams) => officerKeys.members(query),
  record: (id: string) => [...memberKeys.all, 'record', id] as const,
};

/** `/admin/users/{id}`, the path every call on one member starts with. */
export const memberPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
