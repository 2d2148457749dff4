-- People search plans its query with the statistics of lower(username) and lower(name). For a trigram
-- operator (%, <%, <<%) the planner runs the operator over every histogram entry of the trigram index's
-- expression once there are 100 or more (pg_trgm's matchingsel): with the default target that was ~2 ms of
-- planning per search, more than running it. With ten entries the planner takes its default selectivity for
-- the trigram operators (the searches are capped and read through these indexes either way); the prefix
-- indexes keep their full statistics for LIKE.
ALTER INDEX "users_username_trgm_idx" ALTER COLUMN 1 SET STATISTICS 10;--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 10;
