/**
 * The staff dashboard (ours, issue 33): how the site is doing, for moderators and admins under /admin.
 * Days are calendar days in the server's TIME_ZONE; a window of N days is today and the N - 1 before it.
 * "Active" is a member whose session was used that day (signed in, or a socket opened: sessions.last_seen_at).
 */
import { z } from 'zod';
import { isoDate } from './entities.js';

/** How many days the dashboard's per-day series cover, today included. */
export const DASHBOARD_DAYS = 30;

const count = z.number().int().min(0);

/** One calendar day of the series: what was made that day. */
export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD in the server's time zone. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Accounts created that day (verified, not deleted since). */
  newMembers: count,
  posts: count,
  /** Clips uploaded (a failed transcode is not counted). */
  clips: count,
  /** Messages written (group notices such as "X left" are not counted). */
  messages: count,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** One job queue (jobs.ts JobMap): its depth now and its failures. */
export const dashboardQueueSchema = z.object({
  queue: z.string(),
  /** Due now and waiting for a worker (retries of a failed attempt included). */
  queued: count,
  /** Waiting for a later moment (a delayed job, a retry's back-off). */
  scheduled: count,
  active: count,
  /** Gave up after their last retry, in the last 24 hours. */
  failed: count,
});
export type DashboardQueue = z.infer<typeof dashboardQueueSchema>;

/** A dependency's health: a timed round trip (`not-used` when it is not configured, e.g. Redis on one node). */
export const probeSchema = z.object({
  status: z.enum(['up', 'down', 'not-used']),
  latencyMs: z.number().min(0).nullable(),
});
export type Probe = z.infer<typeof probeSchema>;

export const dashboardSchema = z.object({
  generatedAt: isoDate,
  timeZone: z.string(),
  members: z.object({
    /** Verified accounts, not deleted. */
    total: count,
    activeToday: count,
    active7Days: count,
    active30Days: count,
    newToday: count,
    new7Days: count,
  }),
  /** Everything there is now: posts (removed ones included) and ready clips. */
  totals: z.object({ posts: count, clips: count }),
  /** The last DASHBOARD_DAYS days, oldest first, today last; a day with nothing is there with zeros. */
  days: z.array(dashboardDaySchema),
  reports: z.object({
    /** Open reports, and the things they are about (several reports of one thing are one item of the queue). */
    open: count,
    openItems: count,
    oldestOpenAt: isoDate.nullable(),
    /** Seconds since the oldest open report was made, by the server's clock. */
    oldestOpenAgeSeconds: count.nullable(),
  }),
  jobs: z.array(dashboardQueueSchema),
  /** Stored uploads (post media, chat attachments, avatars, clips), as recorded when they were stored. */
  storage: z.object({ bytes: count, files: count }),
  health: z.object({ database: probeSchema, redis: probeSchema }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardAnswerSchema = dashboardSchema.extend({ success: z.boolean() });
