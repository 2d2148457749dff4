CREATE TABLE "post_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A file shared by two messages (allowed before) stays with one of them; the other loses it.
DELETE FROM "message_attachments" a USING "message_attachments" b WHERE a."file_id" = b."file_id" AND (a."message_id"::text, a."position") > (b."message_id"::text, b."position");--> statement-breakpoint
CREATE UNIQUE INDEX "message_attachments_file_unique" ON "message_attachments" USING btree ("file_id");--> statement-breakpoint
-- Counted once here, then kept by the trigger below in the same transaction as each write.
INSERT INTO "post_counts" ("category", "n")
  SELECT 'all', count(*) FROM "posts"
  UNION ALL
  SELECT "category", count(*) FROM "posts" WHERE "category" IS NOT NULL GROUP BY "category";
--> statement-breakpoint
-- Statement-level with transition tables: a bulk insert or a cascade delete updates each counter once.
-- Rows are applied in key order so concurrent writers take the counter locks in the same order.
CREATE FUNCTION "post_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "post_counts" ("category", "n")
      SELECT k, sum(d) FROM (
        SELECT 'all' AS k, 1 AS d FROM new_rows
        UNION ALL SELECT "category", 1 FROM new_rows WHERE "category" IS NOT NULL
      ) x GROUP BY k ORDER BY k
    ON CONFLICT ("category") DO UPDATE SET "n" = "post_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "post_counts" ("category", "n")
      SELECT k, sum(d) FROM (
        SELECT 'all' AS k, -1 AS d FROM old_rows
        UNION ALL SELECT "category", -1 FROM old_rows WHERE "category" IS NOT NULL
      ) x GROUP BY k ORDER BY k
    ON CONFLICT ("category") DO UPDATE SET "n" = "post_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "post_counts_insert" AFTER INSERT ON "posts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "post_counts_delete" AFTER DELETE ON "posts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_apply"();
--> statement-breakpoint
-- Category changes are rare (no path changes one today): a row trigger that only fires when it differs,
-- so like and comment counter updates never pay for it.
CREATE FUNCTION "post_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "post_counts" ("category", "n")
    SELECT k, d FROM (VALUES (OLD."category", -1), (NEW."category", 1)) v(k, d) WHERE k IS NOT NULL ORDER BY k
  ON CONFLICT ("category") DO UPDATE SET "n" = "post_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "post_counts_update" AFTER UPDATE OF "category" ON "posts"
  FOR EACH ROW WHEN (OLD."category" IS DISTINCT FROM NEW."category") EXECUTE FUNCTION "post_counts_move"();
