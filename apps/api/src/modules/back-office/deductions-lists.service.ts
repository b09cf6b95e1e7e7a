/**
 * The back office's lists of payroll deductions (docs/administrators.md "Deduction instructions
 * and change requests"): a read model over the deductions module's tables and the members'.
 */
import type {
  AdminChangeRequest,
  AdminChangeRequestListQuery,
  InstructionListItem,
  InstructionListQuery,
} from '@coop/shared/deductions';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import type { ListPage } from '../../lib/list-query.js';
import { monthOf, toAdminRequests, toInstruction } from '../payroll/deductions.service.js';
import { deductionsListsRepository } from './deductions-lists.repository.js';

/** GET /admin/payroll/instructions: members with the instruction in effect this month. */
export async function listInstructions(
  deps: Deps,
  _actor: MemberActor,
  query: InstructionListQuery,
): Promise<ListPage<InstructionListItem>> {
  const page = await deductionsListsRepository(deps.db).instructionPage(
    query,
    monthOf(deps.clock.now()),
  );
  return {
    items: page.items.map(({ member, instruction }) => ({
      member,
      instruction: instruction ? toInstruction(instruction) : null,
    })),
    pagination: page.pagination,
  };
}

/** GET /admin/payroll/change-requests: the queue, oldest first, by status and member. */
export async function listChangeRequests(
  deps: Deps,
  _actor: MemberActor,
  query: AdminChangeRequestListQuery,
): Promise<ListPage<AdminChangeRequest>> {
  const page = await deductionsListsRepository(deps.db).requestPage(query);
  return {
    items: await toAdminRequests(deps.db, monthOf(deps.clock.now()), page.items),
    pagination: page.pagination,
  };
}
