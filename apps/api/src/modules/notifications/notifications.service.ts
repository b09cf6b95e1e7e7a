import type {
  MarkAllNotificationsReadResult,
  Notification,
  NotificationListQuery,
  NotificationType,
} from '@coop/shared/notifications';
import { DEFAULT_SORTS, TOP_BAR_NOTIFICATIONS_QUERY } from '@coop/shared/constants';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import type { IdParams } from '@coop/shared/http';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { notFound } from '../../lib/domain-error.js';
import { listBody } from '../../lib/list-query.js';
import { keptFirstPage, type FirstPage } from '../../lib/member-read-cache.js';
import { writeAudit } from '../../lib/audit-log.js';
import { enqueueEmails } from '../../lib/email-outbox.js';
import { enqueueSms, type OutgoingSms } from '../../lib/sms-outbox.js';
import { notificationsRepository, type NotificationRow } from './notifications.repository.js';
import {
  templates,
  type Message,
  type NotificationSubjectType,
  type Recipient,
  type TemplateFacts,
  type TemplateName,
} from './notification-templates.js';
import { renderSms } from './sms-texts.js';

export type { NotificationSubjectType, TemplateName } from './notification-templates.js';

/** The API shape of docs/member-portal.md §3 Notification. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Rows are only written by sendMessages, whose templates name a NotificationType.
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    priority: row.priority,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    actionText: row.actionText,
    actionUrl: row.actionUrl,
  };
}

/** What the bell and the page open on: page 1 of 10, newest first, read or not. */
export const NOTIFICATIONS_FIRST_PAGE = {
  page: 1,
  limit: TOP_BAR_NOTIFICATIONS_QUERY.limit,
  ...DEFAULT_SORTS.notifications,
} as const satisfies FirstPage;

/**
 * GET /users/notifications: one page, with the member's unread count across every page, as the
 * answer's JSON text (decision 165: PostgreSQL writes the items). The first page (the bell's, every
 * minute on every screen) is kept at write time (decision 185): it reads the member's
 * notifications only, and reading changes none (marking one read is a write, and tells).
 */
export function listNotifications(
  deps: Deps,
  actor: MemberActor,
  query: NotificationListQuery,
): Promise<string> {
  const userId = actor.user.id;
  const day = toIsoDateInTimeZone(deps.clock.now());
  return keptFirstPage(
    deps.db,
    { view: 'notifications', userId, day },
    query,
    NOTIFICATIONS_FIRST_PAGE,
    async (kept) => {
      const page = await notificationsRepository(deps.db).page(userId, query, kept);
      const { unreadCount, version } = page.also as { unreadCount: number; version?: string };
      return { body: listBody(page, { summary: { unreadCount } }), version };
    },
  );
}

/** Marks one of the member's own notifications read; anyone else's answers 404. */
export async function markNotificationRead(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<Notification> {
  const row = await notificationsRepository(deps.db).markRead(actor.user.id, id, deps.clock.now());
  if (!row) throw notFound('Notification');
  return toNotification(row);
}

export async function markAllNotificationsRead(
  deps: Deps,
  actor: MemberActor,
): Promise<MarkAllNotificationsReadResult> {
  return {
    updated: await notificationsRepository(deps.db).markAllRead(actor.user.id, deps.clock.now()),
  };
}

/** One message for one member: the template and its facts. */
export type OutgoingMessage = {
  [Name in TemplateName]: {
    userId: string;
    template: Name;
  } & (TemplateFacts<Name> extends undefined
    ? { facts?: undefined }
    : { facts: TemplateFacts<Name> });
}[TemplateName];

/**
 * Writes the notifications and queues the e-mails and texts of some messages, inside the caller's
 * transaction (the last step of a use case): nothing is sent for a change that rolls back.
 * Recipients are read in one query and rows written in one statement per thousand, so a payroll
 * month notifies every member in a handful of round trips. Non-essential e-mails honour each
 * member's e-mail setting, and texts other than security ones the SMS setting.
 */
export async function sendMessages(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'clock'>,
  _actor: Actor,
  messages: readonly OutgoingMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  const userIds = [...new Set(messages.map((message) => message.userId))];
  const recipients = new Map(
    (await notificationsRepository(tx).recipients(userIds)).map((row) => [row.id, row]),
  );

  const createdAt = deps.clock.now();
  const notifications = [];
  const emails = [];
  const texts: OutgoingSms[] = [];
  for (const message of messages) {
    const recipient = recipients.get(message.userId);
    if (!recipient) throw new Error(`no member ${message.userId} to send '${message.template}' to`);
    const content = render(deps.config, recipient, message);
    if (content.notification) {
      const { subject, ...notification } = content.notification;
      notifications.push({
        userId: message.userId,
        ...notification,
        actionText: notification.actionText ?? null,
        actionUrl: notification.actionUrl ?? null,
        subjectType: subject?.type ?? null,
        subjectId: subject?.id ?? null,
        createdAt,
      });
    }
    const email = content.email;
    // A member without a settings row has the defaults: e-mail notifications on.
    if (email && (email.essential || recipient.emailNotifications !== false)) {
      emails.push({ to: recipient.email, subject: email.subject, text: email.text });
    }
    // Texts (decision 164) go to a member with a phone number: security texts always, the others
    // when the member turned SMS on (a member without a settings row has it off, the default).
    const sms = recipient.phoneNumber
      ? renderSms(deps.config, recipient, message.template, message.facts)
      : null;
    if (sms && recipient.phoneNumber && (sms.security || recipient.smsNotifications === true)) {
      texts.push({
        userId: message.userId,
        to: recipient.phoneNumber,
        kind: message.template,
        ...sms,
      });
    }
  }
  await notificationsRepository(tx).insertMany(notifications);
  await enqueueEmails(tx, emails);
  await enqueueSms(tx, texts);
}

function render(config: Deps['config'], to: Recipient, message: OutgoingMessage): Message {
  // Each OutgoingMessage pairs a template with exactly the facts that template takes.
  return templates[message.template](config, to, message.facts as never);
}

/**
 * The cooperative tells members something (the demo's announcements; the back office will let
 * administrators send them). One transaction: the messages and one audit row.
 */
export async function announce(
  deps: Deps,
  actor: Actor,
  { messages }: { messages: readonly OutgoingMessage[] },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await writeAudit(tx, actor, {
      action: 'announcement.sent',
      after: {
        templates: [...new Set(messages.map((message) => message.template))],
        recipients: new Set(messages.map((message) => message.userId)).size,
      },
    });
    await sendMessages(tx, deps, actor, messages);
  });
}

/**
 * The record a notification asked about was settled (a contribution confirmed): its
 * notifications are read now. Runs inside the use case's transaction.
 */
export async function settleNotifications(
  tx: Executor,
  deps: Pick<Deps, 'clock'>,
  subject: { userId: string; type: NotificationSubjectType; ids: readonly string[] },
): Promise<void> {
  await notificationsRepository(tx).markSubjectsRead(subject, deps.clock.now());
}

/**
 * Work several officers were told about was done by one of them (a disbursement approved): every
 * recipient's notifications about it are read now. Runs inside the use case's transaction.
 */
export async function settleNotificationsForAll(
  tx: Executor,
  deps: Pick<Deps, 'clock'>,
  subject: { type: NotificationSubjectType; id: string },
): Promise<void> {
  await notificationsRepository(tx).markSubjectReadForAll(subject, deps.clock.now());
}
