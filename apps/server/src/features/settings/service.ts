/**
 * The settings form (part 2 §7): get_profile and update_profile for each type. Transport-free: the
 * socket handler parses with the contract's schema, calls these, and answers with the spec's events.
 */
import { searchVector } from '../../platform/search-index.js';
import { and, eq, notInArray } from 'drizzle-orm';
import {
  catalogueFor,
  Messages,
  SettingsText,
  type CurrentUser,
  type Locale,
  type ProfileForm,
  type SocialPlatform,
  type UpdateProfilePayload,
} from '@sajha/contract';
import type { z } from 'zod';
import type { updateProfilePayloadSchema } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { socials, users } from '../../db/schema.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Mail } from '../../platform/mail.js';
import { loadMember, presentCurrentUser } from '../../platform/current-user.js';
import { languageOf } from '../../platform/locale.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { ownAvatarKey, pruneAvatars } from './avatar.js';
import { presentProfileForm } from './presenters.js';
import { revokeOtherSessions } from './sessions.js';
import { forgetOldUsername, rememberOldUsername, usernameHeld, type UserRow } from '../../platform/usernames.js';

type Update = z.output<typeof updateProfilePayloadSchema>;
export type { UpdateProfilePayload };

export const loadUser = loadMember;

/** Who changes their settings: the member, and the session they do it from (kept on a password change). */
export interface Actor {
  userId: string;
  sessionId: string;
}

export async function getProfileForm(deps: AppDeps, userId: string): Promise<ProfileForm> {
  const u = await loadUser(deps, userId);
  const rows = await deps.db
    .select({ platform: socials.platform, value: socials.value })
    .from(socials)
    .where(eq(socials.userId, userId));
  return presentProfileForm(u, rows);
}

export interface UpdateOutcome {
  message: string;
  profile: ProfileForm;
  /** The signed-in user as the shell shows it, when name, username or avatar changed. */
  user?: CurrentUser;
}

export async function updateProfile(deps: AppDeps, actor: Actor, update: Update): Promise<UpdateOutcome> {
  const user = await loadUser(deps, actor.userId);
  const now = new Date();
  let changedUser = false;
  switch (update.type) {
    case 'profilePic': {
      const url = update.updatedData.profilePic.trim();
      const key = url === '' ? null : await ownAvatarKey(deps, user.id, url);
      if (url !== '' && !key) throw new AppError(SettingsText.avatarUnknown, 400);
      await deps.db
        .update(users)
        .set({ avatar: key ? url : null, updatedAt: now })
        .where(eq(users.id, user.id));
      await pruneAvatars(deps, user.id, key);
      changedUser = true;
      break;
    }
    case 'account': {
      await changeName(deps, user, update.updatedData, now);
      changedUser = true;
      break;
    }
    case 'personal': {
      // `email` is deliberately not read: it never changes in settings (part 2 §6).
      const { phone, location, bio, dob } = update.updatedData;
      await deps.db
        .update(users)
        .set({
          ...(phone !== undefined ? { phone } : {}),
          ...(location !== undefined ? { location } : {}),
          ...(bio !== undefined ? { bio } : {}),
          ...(dob !== undefined ? { dob } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      break;
    }
    case 'social': {
      const entries = Object.entries(update.updatedData.socials) as [SocialPlatform, string][];
      await deps.db.transaction(async (tx) => {
        const platforms = entries.map(([p]) => p);
        await tx
          .delete(socials)
          .where(
            platforms.length
              ? and(eq(socials.userId, user.id), notInArray(socials.platform, platforms))
              : eq(socials.userId, user.id),
          );
        for (const [platform, value] of entries) {
          await tx
            .insert(socials)
            .values({ userId: user.id, platform, value })
            .onConflictDoUpdate({ target: [socials.userId, socials.platform], set: { value } });
        }
      });
      break;
    }
    case 'security': {
      await changePassword(deps, actor, user, update.updatedData.oldPassword, update.updatedData.password);
      break;
    }
  }
  const profile = await getProfileForm(deps, user.id);
  const fresh = changedUser ? presentCurrentUser(await loadUser(deps, user.id)) : undefined;
  return { message: Messages.profile.updated, profile, ...(fresh ? { user: fresh } : {}) };
}

/** Name and username; a new username keeps the old one reserved for its member (platform/usernames.ts). */
async function changeName(deps: AppDeps, user: UserRow, next: { name: string; username: string }, now: Date) {
  const { name, username } = next;
  const renamed = username !== user.username;
  const taken = () => new AppError(SettingsText.usernameTaken, 409, 'username');
  if (renamed && (await usernameHeld(deps.db, username, user.id))) throw taken();
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ name, username, updatedAt: now, searchTerms: searchVector(name, username) })
        .where(eq(users.id, user.id));
      if (renamed && username.toLowerCase() !== user.username.toLowerCase()) {
        await forgetOldUsername(tx, user.id, username);
        await rememberOldUsername(tx, user.id, user.username);
      }
    });
  } catch (err) {
    // Another member took the name between the check above and this write: the same answer as the check.
    if (isUniqueViolation(err) && (await usernameHeld(deps.db, username, user.id))) throw taken();
    throw err;
  }
}

/**
 * The old password is checked under the sign-in lockout (same per-account limiter). A member who only
 * signs in with Google has no password yet and may set a first one without it. Every other session
 * is signed out at once (sockets closed), and a notice is mailed.
 */
async function changePassword(deps: AppDeps, actor: Actor, user: UserRow, oldPassword: string, password: string) {
  if (user.passwordHash) {
    await deps.limiters.consume('loginPerAccount', user.email);
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new AppError(SettingsText.oldPasswordWrong, 400, 'password');
    }
    await deps.limiters.reset('loginPerAccount', user.email);
  }
  const passwordHash = await hashPassword(password);
  await deps.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeOtherSessions(deps, user.id, actor.sessionId);
  await deps.mailer.send(passwordChangedMail(user.email, user.name, deps.config.publicUrl, languageOf(user).locale));
}

/** In the member's language (the contract's `ServerTexts.mail`). */
function passwordChangedMail(to: string, name: string, publicUrl: string, locale: Locale): Mail {
  const link = `${publicUrl}/settings/security`;
  const t = catalogueFor(locale).ServerTexts.mail;
  const p = t.passwordChanged;
  return {
    kind: 'password-changed',
    to,
    subject: p.subject,
    text: `${t.greeting(name)}\n\n${p.changed}\n\n${p.notYou(link)}\n\n${t.team}\n`,
    html: `<p>${p.greetingHtml}</p><p>${p.changed}</p><p>${p.notYou(`<a href="${link}">${link}</a>`)}</p>`,
  };
}
