/** Rows -> the settings DTOs of the contract. */
import { ServerTexts, type ProfileForm, type SessionRow, type SocialPlatform } from '@sajha/contract';
import type { sessions, users } from '../../db/schema.js';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
const pick = (ua: string, table: [RegExp, string][], fallback: string) =>
  table.find(([re]) => re.test(ua))?.[1] ?? fallback;

export function presentSession(row: typeof sessions.$inferSelect, currentId: string): SessionRow {
  return {
    id: row.id,
    // In English here, like every answer's text; the page shows them in the member's language (localizeText).
    browser: pick(row.userAgent, BROWSERS, ServerTexts.sessions.unknownBrowser),
    os: pick(row.userAgent, SYSTEMS, ServerTexts.sessions.unknownSystem),
    // No geo-IP database ships with the app; a deployment that adds one fills this in.
    place: null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}

export function presentProfileForm(
  user: typeof users.$inferSelect,
  socialRows: { platform: string; value: string }[],
): ProfileForm {
  const socials: Partial<Record<SocialPlatform, string>> = {};
  for (const s of socialRows) socials[s.platform as SocialPlatform] = s.value;
  return {
    profilePic: user.avatar,
    name: user.name,
    username: user.username,
    email: user.email,
    phone: user.phone,
    location: user.location,
    bio: user.bio,
    dob: user.dob,
    socials,
    twoFactorEnabled: Boolean(user.totpSecret),
    hasPassword: Boolean(user.passwordHash),
  };
}
