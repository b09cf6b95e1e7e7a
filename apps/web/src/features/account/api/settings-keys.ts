/** The member's settings: one query, which the settings change writes into directly. */
export const settingsKeys = { all: ['settings'] as const };
