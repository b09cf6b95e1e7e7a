import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import type { AccessTokens } from '../lib/access-token.js';
import { DomainError } from '../lib/domain-error.js';
import { writeAudit } from '../lib/audit-log.js';

/** The signed-in user, loaded from the database on every request (never trusted from the token). */
export interface AuthenticatedUser {
  id: string;
  email: string;
  phoneNumber: string | null;
  membershipId: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  isActive: boolean;
  isLoanReviewer: boolean;
  isExco: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; member routes take the member from here, never from body or query. */
    user: AuthenticatedUser;
  }
  interface FastifyInstance {
    /** preHandler: valid bearer token of an active member (403 ACCOUNT_SUSPENDED otherwise). */
    authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: like `authenticate`, but lets a suspended member through (GET /auth/me). */
    authenticateAllowSuspended(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: an active admin. */
    requireAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const unauthorized = () => new DomainError('UNAUTHORIZED', 'Authentication required', 401);

export const authenticatePlugin = fp<{ db: Database; tokens: AccessTokens }>(
  async (app, { db, tokens }) => {
    async function loadUser(req: FastifyRequest): Promise<AuthenticatedUser> {
      const header = req.headers.authorization;
      const match = header?.match(/^Bearer ([A-Za-z0-9._-]+)$/);
      if (!match?.[1]) throw unauthorized();
      const claims = await tokens.verify(match[1]);
      if (!claims) throw unauthorized();
      const [row] = await db.select().from(users).where(eq(users.id, claims.userId));
      // Tokens issued before a password change, reset or suspension no longer count.
      if (!row || !row.passwordHash || claims.issuedAtMs < row.tokensValidAfter.getTime()) {
        throw unauthorized();
      }
      return {
        id: row.id,
        email: row.email,
        phoneNumber: row.phoneNumber,
        membershipId: row.membershipId,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        isActive: row.isActive,
        isLoanReviewer: row.isLoanReviewer,
        isExco: row.isExco,
      };
    }

    async function refuse(req: FastifyRequest, error: DomainError): Promise<never> {
      await writeAudit(db, {
        actorId: req.user?.id ?? null,
        action: 'authorization.denied',
        entityType: 'route',
        entityId: `${req.method} ${req.routeOptions.url ?? req.url}`,
        after: { code: error.code },
        ip: req.ip,
      });
      throw error;
    }

    app.decorateRequest('user', null as unknown as AuthenticatedUser);

    app.decorate('authenticateAllowSuspended', async (req: FastifyRequest) => {
      req.user = await loadUser(req);
    });

    app.decorate('authenticate', async (req: FastifyRequest) => {
      req.user = await loadUser(req);
      if (!req.user.isActive) {
        await refuse(
          req,
          new DomainError('ACCOUNT_SUSPENDED', 'Your account has been suspended', 403),
        );
      }
    });

    app.decorate('requireAdmin', async (req: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(req, reply);
      if (req.user.role !== 'admin') {
        await refuse(
          req,
          new DomainError('FORBIDDEN', 'You do not have permission to do this', 403),
        );
      }
    });
  },
);
