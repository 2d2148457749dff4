/** The home page's side cards: the daily spotlight member and the profile-completion status. */
import { eq, sql } from 'drizzle-orm';
import type { ServerEventPayload, Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { socials, users } from '../../db/schema.js';
import { notBlockedWith } from '../../policy/relations.js';

type Spotlight = ServerEventPayload<typeof Events.spotlightUser>;
type Status = ServerEventPayload<typeof Events.profileStatus>;

/** The calendar day in the site's time zone, e.g. 2025-11-22. */
export function siteDay(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * One member a day, the same for everybody all day: among verified members with a bio, an avatar or a
 * post in the last 30 days, the one whose id hashed with the day sorts first. No state to keep. Never the
 * viewer: the day's member is shown the next one (a spotlight on oneself says nothing, issue 37).
 */
export async function spotlight(deps: AppDeps, viewerId: string, now = new Date()): Promise<Spotlight> {
  const day = siteDay(deps.config.timeZone, now);
  const rows = await deps.db.execute<{ username: string; name: string; avatar: string | null; bio: string }>(sql`
    select u.username, u.name, u.avatar, u.bio from ${users} u
    where u.email_verified_at is not null
      and u.id <> ${viewerId}
      and (u.bio <> '' or u.avatar is not null
           or exists (select 1 from posts p where p.author_id = u.id and p.created_at > now() - interval '30 days'))
      and ${notBlockedWith(viewerId, sql`u.id`)}
    order by md5(u.id::text || ${day})
    limit 1`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Spotlight[];
  return list[0] ?? null;
}

/** Four items (part 2 §3), from what the member has actually filled in. */
export async function profileStatus(deps: AppDeps, userId: string): Promise<Status> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return { setprofilepic: false, completedPersonalInformation: false, setsocials: false, setname: false };
  const filled = (s: string) => s.trim().length > 0;
  return {
    setprofilepic: Boolean(u.avatar),
    completedPersonalInformation: [u.phone, u.location, u.bio, u.dob].every(filled),
    setsocials:
      (await deps.db.select({ p: socials.platform }).from(socials).where(eq(socials.userId, userId)).limit(1)).length >
      0,
    setname: filled(u.name),
    hide_profile_status: u.hideProfileStatus,
  };
}

export async function hideProfileStatus(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.update(users).set({ hideProfileStatus: true }).where(eq(users.id, userId));
}
