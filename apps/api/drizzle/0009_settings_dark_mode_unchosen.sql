ALTER TABLE "user_settings" ALTER COLUMN "dark_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "dark_mode" DROP NOT NULL;