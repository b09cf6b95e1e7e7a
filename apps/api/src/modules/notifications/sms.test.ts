import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { addDays } from '@coop/shared/dates';
import { SMS_MAX_LENGTH, gsm7Length } from '@coop/shared/sms';
import type { TextMessage } from '@coop/shared/sms';
import { loanScheduleItems, smsOutbox, users, userSettings } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { systemClock } from '../../lib/clock.js';
import { smsGatewayFor } from '../../lib/sms-gateway.js';
import { startOutboxWorker } from '../../lib/outbox.js';
import { SMS_MAX_ATTEMPTS, smsSender } from '../../lib/sms-outbox.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn, TEST_PASSWORD } from '../../test/auth-helpers.js';
import { startFakeTermii, type FakeTermii } from '../../test/fake-termii.js';
import { loanMember, loanThrough, type LoanTestMember } from '../../test/loan-members.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { resetTwoFactor } from '../two-factor/two-factor.service.js';
import {
  disburseLoan,
  markOverdueInstalments,
  remindInstalmentsDueSoon,
} from '../loans/loan-servicing.service.js';

/**
 * Text messages (decision 164) end to end: each event texts through the real use case, the
 * outbox worker delivers through Termii's HTTP API as served by a local fake, a failure is
 * retried, and a member's SMS switch holds for everything but security texts.
 */

const silent = pino({ level: 'silent' }) as FastifyBaseLogger;
const API_KEY = 'termii-test-key-never-logged';
const NOW = '2025-06-15T09:00:00Z';

describe('text messages through the gateway', () => {
  let termii: FakeTermii;
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let rita: LoanTestMember;
  let remi: LoanTestMember;

  /** Gives a member a phone number and, unless `smsOn` is false, turns SMS on. */
  async function phone(member: LoanTestMember, number: string, smsOn = true) {
    await t.db.update(users).set({ phoneNumber: number }).where(eq(users.id, member.user.id));
    await t.db
      .insert(userSettings)
      .values({ userId: member.user.id, smsNotifications: smsOn })
      .onConflictDoUpdate({ target: userSettings.userId, set: { smsNotifications: smsOn } });
  }

  /**
   * Runs the worker until nothing is due or being sent, and answers what the gateway received
   * since.
   */
  async function deliver() {
    const before = termii.received.length;
    const worker = startOutboxWorker({
      db: t.db,
      clock: systemClock,
      logger: silent,
      senders: [smsSender(smsGatewayFor(t.config, silent))],
      intervalMs: 10,
    });
    try {
      const giveUpAt = Date.now() + 15_000;
      for (;;) {
        const [due] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(smsOutbox)
          .where(
            and(
              eq(smsOutbox.status, 'pending'),
              // Due, or claimed by the worker (its lease outlasts a retry's back-off).
              sql`(${smsOutbox.availableAt} <= now() or ${smsOutbox.availableAt} > now() + interval '100 seconds')`,
            ),
          );
        if ((due?.n ?? 0) === 0) break;
        if (Date.now() > giveUpAt) throw new Error('texts were not delivered');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.stop();
    }
    return termii.received.slice(before);
  }

  const textsTo = (received: FakeTermii['received'], number: string) =>
    received.filter((r) => r.to === number).map((r) => r.sms);

  beforeAll(async () => {
    termii = await startFakeTermii();
    t = await createTestApp({
      now: NOW,
      env: {
        SMS: 'termii',
        TERMII_API_KEY: API_KEY,
        TERMII_BASE_URL: termii.baseUrl,
        SMS_SENDER_ID: 'TestCoop',
      },
    });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
    rita = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
    remi = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
    await phone(ada, '+2348030000101');
    await phone(bayo, '+2348030000102');
    // Chidi keeps SMS off (the default): he hears of security events only.
    await phone(chidi, '+2348030000103', false);
    await deliver();
  });
  afterAll(async () => {
    await t.close();
    await termii.close();
  });
  afterEach(() => termii.fail(0));

  it('sends through Termii as its API asks: key, international number, sender ID, DND route', async () => {
    await signIn(t, ada.user.email);
    const [sent] = await deliver();
    expect(sent).toEqual({
      api_key: API_KEY,
      to: '2348030000101',
      from: 'TestCoop',
      sms: expect.stringMatching(
        /^New sign-in to your Demo Cooperative Society portal account on /,
      ),
      type: 'plain',
      channel: 'dnd',
    });
    const [row] = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.kind, 'newDeviceSignIn'))
      .orderBy(sql`${smsOutbox.createdAt} desc`)
      .limit(1);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, security: true });
    expect(row?.providerMessageId).toMatch(/^fake-/);
  });

  it('texts security events whatever the SMS switch: a new sign-in, a password change, a two-factor reset', async () => {
    const signedIn = await signIn(t, chidi.user.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(signedIn.accessToken),
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Another-Harvest!2032',
        confirmPassword: 'Another-Harvest!2032',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Turned on a moment ago, then reset by an officer (a lost phone).
    const { enrolWithKnownSecret } = await import('../two-factor/two-factor.service.js');
    await enrolWithKnownSecret(t.db, t.deps, {
      userId: chidi.user.id,
      secretBase32: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      now: t.clock.now(),
    });
    await resetTwoFactor(t.deps, systemActor, { userId: chidi.user.id });
    const texts = textsTo(await deliver(), '2348030000103');
    expect(texts).toEqual([
      expect.stringMatching(
        /^New sign-in to your Demo Cooperative Society portal account on 15 Jun 2025/,
      ),
      expect.stringMatching(
        /^Your Demo Cooperative Society portal password was changed on 15 Jun 2025/,
      ),
      expect.stringMatching(
        /^Two-factor sign-in on your Demo Cooperative Society portal account was reset by an officer/,
      ),
    ]);
    for (const text of texts) expect(text).toContain('Not you? Call +234 803 000 0000 now.');
  });

  it('texts a deduction, a guarantor request, a decision, a disbursement, an instalment due in 3 days and overdue, only to members who turned SMS on', async () => {
    await recordContributions(t.deps, systemActor, {
      deductions: [ada, chidi].map((member) => ({
        userId: member.user.id,
        month: '2025-05',
        contributionDate: '2025-05-25',
        savingsKobo: 3_000_000,
        sharesKobo: 1_500_000,
      })),
    });
    const loanId = await loanThrough(
      t,
      { borrower: ada, guarantors: [bayo, chidi], reviewers: [rita, remi] },
      { amountNaira: 1_000_000 },
      'approved',
    );
    const loan = await disburseLoan(t.deps, systemActor, {
      loanId,
      disbursementDate: '2025-06-15',
      method: 'bank_transfer',
    });
    const [first] = await t.db
      .select()
      .from(loanScheduleItems)
      .where(eq(loanScheduleItems.loanId, loanId))
      .orderBy(loanScheduleItems.month)
      .limit(1);
    if (!first) throw new Error('no schedule');
    expect(first.dueDate).toBe('2025-07-15');
    // 10:00 in Lagos, three days before: the reminder goes once, however often the job runs.
    const reminderAt = new Date(`${addDays(first.dueDate, -3)}T09:00:00Z`);
    await remindInstalmentsDueSoon(t.deps, reminderAt);
    await remindInstalmentsDueSoon(t.deps, new Date(reminderAt.getTime() + 3_600_000));
    // At night nothing is texted.
    expect(await remindInstalmentsDueSoon(t.deps, new Date(`${first.dueDate}T01:00:00Z`))).toEqual({
      seen: 0,
    });
    await markOverdueInstalments(t.deps, new Date(`${addDays(first.dueDate, 1)}T09:00:00Z`));

    const received = await deliver();
    const number = loan.loanNumber ?? '';
    expect(textsTo(received, '2348030000101')).toEqual([
      'NGN 45,000 was deducted from your May 2025 salary: NGN 30,000 savings, NGN 15,000 shares. Please confirm it on the portal.',
      `Your loan ${number} was approved. The cooperative will disburse it and fix your repayment schedule.`,
      expect.stringMatching(
        new RegExp(
          `^NGN [\\d,]+ of loan ${number} was paid out to you\\. Your first instalment is due on Jul 15, 2025\\.$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^Reminder: your instalment of NGN [\\d,]+ on loan ${number} is due on Jul 15, 2025\\.$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^Your instalment of NGN [\\d,]+ on loan ${number}, due Jul 15, 2025, is unpaid\\. Please pay it as soon as you can\\.$`,
        ),
      ),
    ]);
    // Bayo turned SMS on and is asked to guarantee; Chidi, asked too, left it off.
    expect(textsTo(received, '2348030000102')).toEqual([
      `Ada Obi asks you to guarantee NGN 500,000 of loan ${number}. Accept or decline on the member portal.`,
    ]);
    expect(textsTo(received, '2348030000103')).toEqual([]);
    for (const { sms } of received) {
      expect(gsm7Length(sms)).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    }
  });

  it('retries a failed send with back-off, then delivers it once', async () => {
    termii.fail(1, 503, 'Service unavailable');
    await signIn(t, bayo.user.email);
    expect(await deliver()).toEqual([]);
    const [waiting] = await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.to, '+2348030000102'), eq(smsOutbox.status, 'pending')));
    expect(waiting).toMatchObject({
      attempts: 1,
      lastError: 'Termii answered 503: Service unavailable',
    });
    // Back-off: one minute after the first failure.
    const waitMs = (waiting?.availableAt.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(50_000);
    expect(waitMs).toBeLessThanOrEqual(60_000);

    const officer = await createActiveMember(t, {
      email: 'sms.officer@test.coop',
      roles: ['secretary'],
    });
    const { accessToken } = await signIn(t, officer.email);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/text-messages',
      headers: bearer(accessToken),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: TextMessage[] }>().data).toContainEqual(
      expect.objectContaining({
        to: '0803 *** 0102',
        kind: 'newDeviceSignIn',
        state: 'retrying',
        attempts: 1,
        maxAttempts: SMS_MAX_ATTEMPTS,
        lastError: 'Termii answered 503: Service unavailable',
        member: expect.objectContaining({ name: 'Bayo Adeyemi' }),
      }),
    );
    // The minute passes.
    await t.db
      .update(smsOutbox)
      .set({ availableAt: sql`now() - interval '1 second'` })
      .where(eq(smsOutbox.id, waiting?.id ?? ''));
    const texts = textsTo(await deliver(), '2348030000102');
    expect(texts).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.id, waiting?.id ?? ''));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives a text the gateway refuses up at once, lists it failed for officers, and never shows the key', async () => {
    termii.fail(1, 400, 'Invalid phone number');
    await signIn(t, ada.user.email);
    await deliver();
    const [failed] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.status, 'failed'));
    expect(failed).toMatchObject({
      attempts: 1,
      lastError: 'Termii answered 400: Invalid phone number',
    });

    const officer = await signIn(t, 'sms.officer@test.coop');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/text-messages?state=failed',
      headers: bearer(officer.accessToken),
    });
    expect(listed.json<{ data: TextMessage[] }>().data).toEqual([
      expect.objectContaining({ to: '0803 *** 0101', state: 'failed', nextAttemptAt: null }),
    ]);
    expect(listed.body).not.toContain(API_KEY);
    expect(listed.body).not.toContain('8030000101');

    // Members cannot read it.
    const member = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/text-messages',
      headers: ada.headers,
    });
    expect(member.statusCode).toBe(403);
  });
});
