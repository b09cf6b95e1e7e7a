/**
 * The member's settings (docs/member-portal.md §2 Settings; docs/business-rules.md), kept on the
 * server: the four toggles with the spec's defaults, and the privacy choice of being findable by
 * phone number as a guarantor candidate. Dark mode is null until the member chooses (the device
 * decides).
 */
import { DEFAULT_SETTINGS } from '@coop/shared/constants';
import type { UserSettings, UserSettingsUpdate } from '@coop/shared/settings';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { accountRepository, type SettingsRow } from './account.repository.js';

/**
 * The portal sends no push notification yet, so it reads as off wherever settings are shown (the
 * settings page, the data export): one truth, what the portal really does. The stored choice
 * (on by the spec's default) stays in the row and counts once the channel exists
 * (docs/decisions/051-account-pages.md). Texts are sent (decision 164): the SMS switch is the
 * member's stored choice, off by default.
 */
const UNAVAILABLE_CHANNELS = { pushNotifications: false } as const;

export function toSettings(row: SettingsRow | undefined): UserSettings {
  if (!row) return { ...DEFAULT_SETTINGS, darkMode: null, ...UNAVAILABLE_CHANNELS };
  return {
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    darkMode: row.darkMode,
    findableByPhone: row.findableByPhone,
    ...UNAVAILABLE_CHANNELS,
  };
}

/** GET /users/settings: the stored settings, or the defaults for a member who never saved. */
export async function getSettings(deps: Deps, actor: MemberActor): Promise<UserSettings> {
  return toSettings(await accountRepository(deps.db).findSettings(actor.user.id));
}

/** PUT /users/settings: changes the fields sent, keeps the others; audited with before/after. */
export async function updateSettings(
  deps: Deps,
  actor: MemberActor,
  input: UserSettingsUpdate,
): Promise<UserSettings> {
  const userId = actor.user.id;
  return deps.db.transaction(async (tx) => {
    const repo = accountRepository(tx);
    const before = toSettings(await repo.findSettings(userId));
    const changes = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    ) as Partial<UserSettings>;
    const after = toSettings(await repo.saveSettings(userId, changes, deps.clock.now()));
    const changed = (Object.keys(changes) as (keyof UserSettings)[]).filter(
      (key) => before[key] !== after[key],
    );
    if (changed.length > 0) {
      await writeAudit(tx, actor, {
        action: 'member.settings_updated',
        entityType: 'user',
        entityId: userId,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      });
    }
    return after;
  });
}
