/**
 * ASVS 5.0 V16 (security logging and error handling): nothing secret reaches the log.
 * The full-flow scan drives every secret the API hands out through a logging app and then
 * searches the whole log for each of them.
 */
import { pino } from 'pino';
import { DrizzleQueryError } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../config/logger.js';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  bearer,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
  tokenFromLatestEmail,
} from '../test/auth-helpers.js';
import { createMember } from '../modules/members/members.service.js';
import { systemActor } from '../lib/actor.js';
import { systemClock } from '../lib/clock.js';
import { emailSender, enqueueEmails } from '../lib/email-outbox.js';
import { startOutboxWorker } from '../lib/outbox.js';
import { emailOutbox } from '../db/schema/index.js';
import { eventually, logCapture } from './log-capture.js';

describe('V16.2 log content', () => {
  it('drops query strings from logged URLs and masks the activation token in its path', () => {
    const { stream, text } = logCapture();
    const logger = pino(loggerOptions('info'), stream);
    logger.info({ req: { method: 'GET', url: '/auth/reset-password?token=reset-secret-1' } });
    logger.info({ req: { method: 'GET', url: '/api/v1/auth/verify-activation/act-secret-2?a=1' } });
    expect(text()).not.toMatch(/reset-secret-1|act-secret-2|token=/);
    expect(text()).toContain('"url":"/auth/reset-password"');
  });

  it('logs database errors without the statement parameter values', () => {
    const { stream, text } = logCapture();
    const logger = pino(loggerOptions('info'), stream);
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(ada.secret@example.com) already exists.',
    });
    const err = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ada.secret@example.com', '$argon2id$hash-secret'],
      cause,
    );
    logger.error({ err }, 'unhandled error');
    const line = text();
    expect(line).toContain('Failed query: insert into');
    expect(line).toContain('duplicate key value');
    expect(line).not.toContain('ada.secret@example.com');
    expect(line).not.toContain('hash-secret');
  });

  it('the log mailer (MAIL=log) logs the recipient and subject, never the body or its link', async () => {
    const { stream, text } = logCapture();
    const t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    try {
      await enqueueEmails(t.db, [
        {
          to: 'ada@example.com',
          subject: 'Reset your password',
          text: 'Open http://portal.test/auth/reset-password?token=mail-link-secret',
        },
      ]);
      const worker = startOutboxWorker({
        db: t.db,
        clock: systemClock,
        logger: t.app.log,
        senders: [
          emailSender({
            db: t.db,
            logger: t.app.log,
            smtpUrl: undefined,
            mailFrom: 'Coop <no-reply@coop.test>',
          }),
        ],
        intervalMs: 10,
      });
      try {
        await eventually(async () => {
          const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
          return row;
        });
      } finally {
        await worker.stop();
      }
      expect(text()).toContain('ada@example.com');
      expect(text()).toContain('Reset your password');
      expect(text()).not.toContain('mail-link-secret');
    } finally {
      await t.close();
    }
  });
});

describe('V16.2 a full run of every secret-bearing call leaves none in the log', () => {
  const { stream, text } = logCapture();
  let t: TestApp;
  const secrets: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream });
  });
  afterAll(() => t.close());

  it('activation, sign-in, refresh, change and reset of the password, logout', async () => {
    const created = await createMember(t.deps, systemActor, {
      firstName: 'Log',
      lastName: 'Probe',
      email: 'probe@example.com',
    });
    const activation = created.activationToken;
    secrets.push(activation, TEST_PASSWORD);
    const inject = t.app.inject.bind(t.app);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/v1/auth/verify-activation',
          payload: { token: activation },
        })
      ).statusCode,
    ).toBe(200);
    const activated = await inject({
      method: 'POST',
      url: '/api/v1/auth/activate-account',
      payload: { token: activation, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    });
    expect(activated.statusCode).toBe(200);
    secrets.push(activated.json().data.accessToken, refreshCookie(activated)?.value ?? 'missing');

    const session = await signIn(t, 'probe@example.com');
    secrets.push(session.accessToken, session.refreshToken);
    const refreshed = await inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    secrets.push(refreshed.json().data.accessToken, refreshed.json().data.refreshToken);

    const wrong = 'Wrong-Guess!9876';
    const second = 'Second-Harvest!2032';
    secrets.push(wrong, second);
    await inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: 'probe@example.com', password: wrong },
    });
    const changed = await inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(refreshed.json().data.accessToken),
      payload: { currentPassword: TEST_PASSWORD, newPassword: second, confirmPassword: second },
    });
    expect(changed.statusCode).toBe(200);
    secrets.push(changed.json().data.accessToken, refreshCookie(changed)?.value ?? 'missing');

    await inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: 'probe@example.com' },
    });
    const resetToken = await eventually(() =>
      tokenFromLatestEmail(t, 'probe@example.com', '/auth/reset-password'),
    );
    secrets.push(resetToken);
    // The web page the e-mailed link opens, with its token in the query string.
    await inject({ method: 'GET', url: `/auth/reset-password?token=${resetToken}` });
    const third = 'Third-Harvest!2033';
    secrets.push(third);
    const reset = await inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: resetToken, newPassword: third, confirmPassword: third },
    });
    expect(reset.statusCode).toBe(200);
    const last = await signIn(t, 'probe@example.com', third);
    secrets.push(last.accessToken, last.refreshToken);
    await inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: `coop_refresh=${last.refreshToken}` },
    });

    const log = text();
    expect(log.length).toBeGreaterThan(1000);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log, 'a secret is in the log').not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
    expect(log).not.toContain('token=');
  });
});
