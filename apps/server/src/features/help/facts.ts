/**
 * The numbers the help centre states, read from the server's configuration and the contract's limits when
 * the knowledge base is built, so an article can never say other than the product does. An article writes
 * `{{postMaxFiles}}`; an unknown name stops the build (a typo must not reach a member as "{{x}}").
 */
import {
  AI_LIMITS,
  AVATAR_MAX_BYTES,
  CONTEST_PRIZES_NRS,
  DURATIONS_MS,
  FEATURE_LIMITS,
  GROUP_MAX_MEMBERS,
  LIMITS,
  REEL_LIMITS,
  SEARCH_LIMITS,
} from '@sajha/contract';
import type { Config } from '../../config.js';
import { SPECS } from '../../platform/rate-limit.js';
import { OLD_USERNAME_DAYS } from '../../platform/usernames.js';
import { CODE_TTL_MIN, RESET_TTL_MIN } from '../auth/index.js';

/** The youngest age the terms accept, and the age from which no guardian's agreement is asked (terms, "Accounts"). */
const MIN_AGE = 13;
const ADULT_AGE = 18;

const mb = (bytes: number): string => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);

export type HelpFacts = Readonly<Record<string, string>>;

export function helpFacts(config: Pick<Config, 'posts' | 'reels' | 'uploads' | 'calls' | 'links'>): HelpFacts {
  return {
    postMaxChars: String(LIMITS.postContentMax),
    searchQueryMax: String(SEARCH_LIMITS.queryMax),
    searchSuggestMinChars: String(SEARCH_LIMITS.suggestMinChars),
    searchRecentKept: String(SEARCH_LIMITS.recentKept),
    trendingHours: String(SEARCH_LIMITS.trendingHours),
    postMaxFiles: String(config.posts.maxFiles),
    postMaxFileMb: mb(config.posts.maxFileBytes),
    postMaxTotalMb: mb(config.posts.maxTotalBytes),
    uploadQuotaMb: mb(config.uploads.quotaBytes),
    clipMaxSeconds: String(config.reels.maxSeconds),
    clipMaxMb: mb(config.reels.maxBytes),
    clipMaxProcessing: String(config.reels.maxProcessing),
    clipTitleMax: String(REEL_LIMITS.titleMax),
    clipDescriptionMax: String(REEL_LIMITS.descriptionMax),
    chatMaxFiles: String(LIMITS.chatAttachmentsMax),
    chatMaxFileMb: mb(LIMITS.chatAttachmentBytesMax),
    groupMinMembers: String(LIMITS.groupMinMembers),
    passwordMin: String(LIMITS.passwordMin),
    settingsPasswordMin: String(LIMITS.settingsPasswordMin),
    usernameMax: String(LIMITS.usernameMax),
    nameMax: String(LIMITS.nameMax),
    codeLength: String(LIMITS.otpLength),
    rememberDays: String(Math.round(DURATIONS_MS.rememberMe / 86_400_000)),
    resendMinutes: String(Math.round(DURATIONS_MS.resendCooldown / 60_000)),
    usernameHoldDays: String(OLD_USERNAME_DAYS),
    searchMinChars: String(LIMITS.searchMinChars),
    callRingSeconds: String(Math.round(config.calls.ringTimeoutMs / 1000)),
    callDropSeconds: String(Math.round(config.calls.dropGraceMs / 1000)),
    aiMessageChars: String(AI_LIMITS.messageChars),
    prizeFirst: String(CONTEST_PRIZES_NRS.first),
    prizeSecond: String(CONTEST_PRIZES_NRS.second),
    prizeThird: String(CONTEST_PRIZES_NRS.third),
    minAge: String(MIN_AGE),
    adultAge: String(ADULT_AGE),
    codeMinutes: String(CODE_TTL_MIN),
    resetLinkMinutes: String(RESET_TTL_MIN),
    avatarMaxMb: mb(AVATAR_MAX_BYTES),
    exportsPerHour: String(SPECS.exportPerUser.points),
    reportsPerHour: String(SPECS.reportPerUser.points),
    suggestionTitleMax: String(FEATURE_LIMITS.titleMax),
    suggestionDescriptionMax: String(FEATURE_LIMITS.descriptionMax),
    groupMaxMembers: String(GROUP_MAX_MEMBERS),
    groupNameMax: String(LIMITS.groupNameMax),
    commentMax: String(LIMITS.commentMax),
    mentionsMax: String(LIMITS.mentionsMax),
    linkDescriptionMax: String(LIMITS.linkDescriptionMax),
    contestUrl: config.links.contest,
    sisterSiteUrl: config.links.sisterSite,
  };
}

/** Puts the facts into an article's text; throws on a name that is not a fact. */
export function fillFacts(text: string, facts: HelpFacts, where: string): string {
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_, name: string) => {
    const value = facts[name];
    if (value === undefined) throw new Error(`${where}: {{${name}}} is not a help fact (features/help/facts.ts)`);
    return value;
  });
}
