/**
 * The back office's lists of payroll deductions (a read model: they search members by name, so
 * they read the members' table beside the deductions module's): members with the instruction in
 * effect this month, and members' change requests.
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { IsoMonth } from '@coop/shared/dates';
import type {
  AdminChangeRequestListQuery,
  InstructionListQuery,
  InstructionSource,
} from '@coop/shared/deductions';
import {
  deductionChangeRequests,
  deductionInstructions,
  payrollGroups,
  users,
} from '../../db/schema/index.js';
import { queryRows, type Executor } from '../../db/client.js';
import { listFilters, listPage, listValues } from '../../lib/list-query.js';

/** The instruction in effect in `month` for the user row of the statement (a lateral subquery). */
function instructionInEffect(month: IsoMonth) {
  return sql`lateral (
    select di.*, g.code as group_code, g.name as group_name
    from ${deductionInstructions} di join ${payrollGroups} g on g.id = di.payroll_group_id
    where di.user_id = ${users.id} and di.effective_month <= ${month}
    order by di.effective_month desc, di.created_at desc, di.id desc
    limit 1
  )`;
}

const INSTRUCTION_SORTS = {
  lastName: users.lastName,
  membershipId: users.membershipId,
  staffNumber: sql`ci.staff_number`,
} as const;

/** A row of the instructions list as the database answers it. */
interface InstructionListRaw {
  user_id: string;
  first_name: string;
  last_name: string;
  membership_id: string;
  instruction_id: string | null;
  payroll_group_id: string | null;
  group_code: string | null;
  group_name: string | null;
  staff_number: string | null;
  savings_amount: string | number | null;
  share_amount: string | number | null;
  effective_month: string | null;
  source: InstructionSource | null;
  created_by: string | null;
  created_at: string | Date | null;
  total_items: string | number;
}

export interface InstructionListRow {
  member: { id: string; firstName: string; lastName: string; membershipId: string };
  instruction: {
    id: string;
    userId: string;
    payrollGroupId: string;
    groupCode: string;
    groupName: string;
    staffNumber: string;
    savingsAmount: number;
    shareAmount: number;
    effectiveMonth: string;
    source: InstructionSource;
    changeRequestId: string | null;
    createdBy: string | null;
    createdAt: Date;
  } | null;
}

export function deductionsListsRepository(db: Executor) {
  return {
    /**
     * GET /admin/payroll/instructions: members (officers too: they are members) with the
     * instruction in effect in `month`, by group, with or without one, and a search on name,
     * membership ID and staff number.
     */
    instructionPage(query: InstructionListQuery, month: IsoMonth) {
      const pattern = listValues.contains(query.search);
      const conditions: (SQL | undefined)[] = [
        listFilters.search(pattern, [
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          users.membershipId,
          sql`ci.staff_number`,
        ]),
        query.payrollGroupId === undefined
          ? undefined
          : sql`ci.payroll_group_id = ${query.payrollGroupId}`,
        query.hasInstruction === undefined
          ? undefined
          : query.hasInstruction
            ? sql`ci.id is not null`
            : sql`ci.id is null`,
      ];
      const where = and(...conditions);
      return listPage(query, {
        sortColumns: INSTRUCTION_SORTS,
        tiebreakers: [users.firstName, users.id],
        fetch: async (page) => {
          const rows = await queryRows<InstructionListRaw>(
            db,
            sql`
            select ${users.id} as user_id, ${users.firstName} as first_name,
              ${users.lastName} as last_name, ${users.membershipId} as membership_id,
              ci.id as instruction_id, ci.payroll_group_id, ci.group_code, ci.group_name,
              ci.staff_number, ci.savings_amount, ci.share_amount, ci.effective_month, ci.source,
              ci.created_by, ci.created_at, ${page.totalItems} as total_items
            from ${users} left join ${instructionInEffect(month)} ci on true
            where ${where ?? sql`true`}
            order by ${sql.join(page.orderBy, sql`, `)}
            limit ${page.limit} offset ${page.offset}`,
          );
          return rows.map((raw) => ({
            row: {
              member: {
                id: raw.user_id,
                firstName: raw.first_name,
                lastName: raw.last_name,
                membershipId: raw.membership_id,
              },
              instruction:
                raw.instruction_id === null
                  ? null
                  : {
                      id: raw.instruction_id,
                      userId: raw.user_id,
                      payrollGroupId: raw.payroll_group_id ?? '',
                      groupCode: raw.group_code ?? '',
                      groupName: raw.group_name ?? '',
                      staffNumber: raw.staff_number ?? '',
                      savingsAmount: Number(raw.savings_amount),
                      shareAmount: Number(raw.share_amount),
                      effectiveMonth: raw.effective_month ?? '',
                      source: raw.source ?? 'officer',
                      changeRequestId: null,
                      createdBy: raw.created_by,
                      createdAt: new Date(raw.created_at ?? 0),
                    },
            } satisfies InstructionListRow,
            totalItems: Number(raw.total_items),
          }));
        },
      });
    },

    /** GET /admin/payroll/change-requests: requests with their member, by status and search. */
    requestPage(query: AdminChangeRequestListQuery) {
      const where = and(
        listFilters.equals(deductionChangeRequests.status, query.status),
        listFilters.search(listValues.contains(query.search), [
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          users.membershipId,
        ]),
      );
      return listPage(query, {
        sortColumns: { createdAt: deductionChangeRequests.createdAt },
        tiebreakers: [deductionChangeRequests.id],
        fetch: async (page) => {
          const rows = await db
            .select({
              request: getTableColumns(deductionChangeRequests),
              member: {
                id: users.id,
                firstName: users.firstName,
                lastName: users.lastName,
                membershipId: users.membershipId,
              },
              totalItems: page.totalItems,
            })
            .from(deductionChangeRequests)
            .innerJoin(users, eq(users.id, deductionChangeRequests.userId))
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset);
          return rows.map(({ totalItems, ...row }) => ({ row, totalItems }));
        },
      });
    },
  };
}
