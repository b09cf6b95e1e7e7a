import { csvUploadSchema } from '@coop/shared/csv-uploads';
import { MEMBER_MESSAGES, sessionsEndedMessage } from '@coop/shared/member-rules';
import {
  adminCreateMemberSchema,
  adminEndSessionsResponseSchema,
  adminMemberFlagsSchema,
  adminMemberListQuerySchema,
  adminMemberListResponseSchema,
  adminMemberResponseSchema,
  adminUpdateMemberSchema,
  memberImportPreviewResponseSchema,
} from '@coop/shared/members';
import { idempotencyHeadersSchema, idParamsSchema } from '@coop/shared/http';
import { officerRolesInputSchema, PROPOSAL_MESSAGES } from '@coop/shared/proposals';
import type { FastifyReply } from 'fastify';
import { OFFICER_JOB_STARTED_MESSAGES, officerJobResponseSchema } from '@coop/shared/jobs';
import { idempotently } from '../../lib/idempotency.js';
import { accepted, queueOfficerJob } from '../../lib/officer-jobs.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  createMemberByAdmin,
  endMemberSessions,
  getMember,
  checkMemberImport,
  listMembers,
  type MemberChange,
  proposeRoles,
  previewMemberImport,
  resendActivation,
  setMemberFlags,
  setMemberStatus,
  updateMember,
} from './members.service.js';

const tags = ['admin: members'];

/**
 * A change made at once answers 200 with its message; one that became a proposal answers 202
 * Accepted: nothing changed yet, another officer must approve (docs/administrators.md).
 */
function answer(reply: FastifyReply, change: MemberChange, done: { message: string }) {
  void reply.code(change.proposed ? 202 : 200);
  return {
    success: true as const,
    data: change.member,
    message: change.proposed ? PROPOSAL_MESSAGES.proposed : done.message,
  };
}

/** A CSV upload travels as base64 in JSON: 10 MB of file is about 13.4 MB of body. */
const CSV_UPLOAD_BODY_LIMIT_BYTES = 14 * 1024 * 1024;

/**
 * The back office's members (docs/decisions/070-back-office.md; docs/member-portal.md §7 GET
 * /admin/users). Admins only.
 */
export const adminMemberRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every account, 50 a page by first name; search, status, flags and joined date',
        querystring: adminMemberListQuerySchema,
        response: { 200: adminMemberListResponseSchema },
      },
    },
    async (req) => {
      const page = await listMembers(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Creates one member and e-mails the activation link',
        headers: idempotencyHeadersSchema,
        body: adminCreateMemberSchema,
        response: { 201: adminMemberResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply.code(201), req.member, async (d) => ({
        success: true as const,
        data: await createMemberByAdmin(d, req.member, req.body),
        message: MEMBER_MESSAGES.memberCreated,
      })),
  );

  app.post(
    '/import/preview',
    {
      bodyLimit: CSV_UPLOAD_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Checks every row of a members CSV file; writes nothing',
        body: csvUploadSchema,
        response: { 200: memberImportPreviewResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await previewMemberImport(deps, req.member, req.body),
    }),
  );

  app.post(
    '/import',
    {
      bodyLimit: CSV_UPLOAD_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Checks a members CSV file (refused row by row), then imports it as a job: 202 with the job and its status URL (Location)',
        headers: idempotencyHeadersSchema,
        body: csvUploadSchema,
        response: { 202: officerJobResponseSchema },
      },
    },
    async (req, reply) =>
      accepted(
        reply,
        await idempotently(deps, req, reply.code(202), req.member, async (d) => {
          const total = await checkMemberImport(d, req.member, req.body);
          return {
            success: true as const,
            data: await queueOfficerJob(d, req.member, {
              kind: 'members.import',
              input: req.body,
              total,
            }),
            message: OFFICER_JOB_STARTED_MESSAGES['members.import'],
          };
        }),
      ),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One account',
        params: idParamsSchema,
        response: { 200: adminMemberResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getMember(deps, req.member, req.params),
    }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edits names, e-mail and phone',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: adminUpdateMemberSchema,
        response: { 200: adminMemberResponseSchema, 202: adminMemberResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) =>
        answer(reply, await updateMember(d, req.member, { ...req.params, ...req.body }), {
          message: MEMBER_MESSAGES.memberUpdated,
        }),
      ),
  );

  app.put(
    '/:id/flags',
    {
      schema: {
        tags,
        summary: 'Sets the loan reviewer and exco flags',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: adminMemberFlagsSchema,
        response: { 200: adminMemberResponseSchema, 202: adminMemberResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) =>
        answer(reply, await setMemberFlags(d, req.member, { ...req.params, ...req.body }), {
          message: MEMBER_MESSAGES.flagsUpdated,
        }),
      ),
  );

  app.put(
    '/:id/roles',
    {
      schema: {
        tags,
        summary: 'Proposes officer roles for a member; another officer approves (202)',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: officerRolesInputSchema,
        response: { 200: adminMemberResponseSchema, 202: adminMemberResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) =>
        answer(reply, await proposeRoles(d, req.member, { ...req.params, ...req.body }), {
          message: 'The roles are unchanged',
        }),
      ),
  );

  app.post(
    '/:id/resend-activation',
    {
      schema: {
        tags,
        summary: 'E-mails a fresh activation link to a member who has not activated yet',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: adminMemberResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await resendActivation(d, req.member, req.params),
        message: MEMBER_MESSAGES.activationResent,
      })),
  );

  app.post(
    '/:id/sessions/end',
    {
      schema: {
        tags,
        summary: 'Ends every sign-in of the member at once; their next request answers 401',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: adminEndSessionsResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const { ended } = await endMemberSessions(d, req.member, req.params);
        return { success: true as const, data: { ended }, message: sessionsEndedMessage(ended) };
      }),
  );

  for (const [path, isActive, message] of [
    ['/:id/suspend', false, MEMBER_MESSAGES.memberSuspended],
    ['/:id/reactivate', true, MEMBER_MESSAGES.memberReactivated],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: isActive
            ? 'Reactivates a suspended member'
            : 'Suspends a member and ends every open session',
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          response: { 200: adminMemberResponseSchema, 202: adminMemberResponseSchema },
        },
      },
      (req, reply) =>
        idempotently(deps, req, reply, req.member, async (d) =>
          answer(reply, await setMemberStatus(d, req.member, { ...req.params, isActive }), {
            message,
          }),
        ),
    );
  }
};
