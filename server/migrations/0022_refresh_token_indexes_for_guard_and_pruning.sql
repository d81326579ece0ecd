CREATE INDEX "refresh_tokens_family_expires_idx" ON "refresh_tokens" USING btree ("family_id","expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_revoked_idx" ON "refresh_tokens" USING btree ("user_id","revoked_at");--> statement-breakpoint
DROP INDEX "refresh_tokens_family_idx";--> statement-breakpoint
DROP INDEX "refresh_tokens_user_idx";
