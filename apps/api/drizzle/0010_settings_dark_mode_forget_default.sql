-- Until this release no screen let a member choose dark mode: every stored `false` is the old
-- column default, not a choice. Forget it, so those members follow their device's theme
-- (docs/decisions/051-account-pages.md).
UPDATE "user_settings" SET "dark_mode" = NULL WHERE "dark_mode" = false;
