-- What keeping tag counts costs a tagged post's write (issue 35's write row).
-- 1. An insert has no old tags and a delete no new ones: the trigger no longer runs the UPDATE that can match
--    nothing for them (it was planned and run, with an index probe, on every tagged insert).
CREATE OR REPLACE FUNCTION hashtags_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hashtags SET uses = uses + 1 WHERE name = ANY(NEW.tags);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE hashtags SET uses = greatest(uses - 1, 0) WHERE name = ANY(OLD.tags);
  ELSE
    UPDATE hashtags SET uses = greatest(uses - 1, 0) WHERE name = ANY(OLD.tags) AND NOT (name = ANY(NEW.tags));
    UPDATE hashtags SET uses = uses + 1 WHERE name = ANY(NEW.tags) AND NOT (name = ANY(OLD.tags));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- 2. A count's update changes no indexed column, so it can stay on its page (a HOT update) when the page has
--    room; a full page made every count's update write new entries into the name, trigram and lexeme indexes.
--    Half of each page is kept free for them (pages written from now on; a small table, rewritten by VACUUM).
ALTER TABLE "hashtags" SET (fillfactor = 50);
