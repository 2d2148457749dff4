/**
 * HTTP for trust and safety. Members: report, mute, muted words, their record and appeals (and, shut out
 * by a suspension or ban, an appeal from the sign-in page with their password). Staff, under /api/admin:
 * the queue, a report, assignment, notes, actions, appeals, members; admins: the audit log and roles.
 */
import { eq, sql } from 'drizzle-orm';
import { queueQuerySchema, REPORT_KINDS, Routes, type ReportKind } from '@sajha/contract';
import { users } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { AppError, firstIssue } from '../../platform/errors.js';
import { dummyHash, verifyPassword } from '../../platform/passwords.js';
import { roleOf } from '../../policy/authorize.js';
import { ModerationMessages, ServerTexts } from '@sajha/contract';
import { applyAction } from './actions.js';
import {
  createAppeal,
  decideAppeal,
  loadAction,
  loadAppealAction,
  myActions,
  openAppeals,
  standingAction,
} from './appeals.js';
import { auditLog } from './audit.js';
import { addWord, loadMutee, mute, mutedMembers, removeWord, unmute, words } from './mutes.js';
import { addNote, assign, createReport, queue, reportDetail } from './reports.js';
import { loadTarget } from './targets.js';

const done = (message: string) => ({ success: true, message });
const kindOf = (value: string | undefined): ReportKind => {
  if (!REPORT_KINDS.includes(value as ReportKind)) throw new AppError(ModerationMessages.notFound, 404);
  return value as ReportKind;
};

export const moderationRoutes = [
  route(
    Routes.report,
    {
      action: 'report.create',
      auth: 'required',
      load: ({ deps, actor, body }) => loadTarget(deps, body.kind, body.id, actor?.id ?? null),
    },
    async ({ deps, auth, body, resource }) => done(await createReport(deps, auth.user.id, resource, body)),
  ),

  route(Routes.mutes, { action: 'mute.manage', auth: 'required' }, async ({ deps, auth }) => ({
    success: true,
    members: await mutedMembers(deps, auth.user.id),
  })),
  route(
    Routes.mute,
    { action: 'member.mute', auth: 'required', load: ({ deps, body }) => loadMutee(deps, body.username) },
    async ({ deps, auth, resource }) => done(await mute(deps, auth.user.id, resource)),
  ),
  route(
    Routes.unmute,
    { action: 'member.mute', auth: 'required', load: ({ deps, params }) => loadMutee(deps, params.username ?? '') },
    async ({ deps, auth, resource }) => done(await unmute(deps, auth.user.id, resource)),
  ),
  route(Routes.mutedWords, { action: 'mute.manage', auth: 'required' }, async ({ deps, auth }) => ({
    success: true,
    words: await words(deps, auth.user.id),
  })),
  route(Routes.addMutedWord, { action: 'mute.manage', auth: 'required' }, async ({ deps, auth, body }) =>
    done(await addWord(deps, auth.user.id, body.word)),
  ),
  route(Routes.removeMutedWord, { action: 'mute.manage', auth: 'required' }, async ({ deps, auth, params }) =>
    done(await removeWord(deps, auth.user.id, params.word ?? '')),
  ),

  route(Routes.myActions, { action: 'moderation.mine', auth: 'required' }, async ({ deps, auth }) => ({
    success: true,
    actions: await myActions(deps, auth.user.id),
  })),
  route(
    Routes.appeal,
    { action: 'appeal.create', auth: 'required', load: ({ deps, body }) => loadAction(deps, body.actionId) },
    async ({ deps, auth, body, resource }) => done(await createAppeal(deps, auth.user.id, resource, body.text)),
  ),
  // No session (a suspension or ban ended them): the password proves it is the member, limited like a sign-in.
  route(
    Routes.appealSanction,
    { action: 'public', auth: 'none', limits: { perIp: 'loginPerIp' } },
    async ({ deps, body }) => {
      await deps.limiters.consume('loginPerAccount', body.email);
      const [u] = await deps.db.select().from(users).where(eq(users.email, body.email)).limit(1);
      const ok = await verifyPassword(u?.passwordHash ?? (await dummyHash()), body.password);
      if (!u || !ok) throw new AppError(ServerTexts.auth.badCredentials, 401);
      const action = await standingAction(deps, u.id);
      if (!action) throw new AppError(ModerationMessages.appealNotAppealable, 400);
      return done(await createAppeal(deps, u.id, action, body.text));
    },
  ),

  // Any member may ask their own role (a member is told 'member'): the app shows "Admin" to staff only.
  route(Routes.staffMe, { action: 'moderation.mine', auth: 'required' }, ({ actor }) => ({
    success: true,
    role: actor?.role ?? 'member',
  })),
  route(Routes.staffQueue, { action: 'staff.read', auth: 'required' }, async ({ deps, query }) => {
    const parsed = queueQuerySchema.safeParse(query);
    if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
    return { success: true, groups: await queue(deps, parsed.data) };
  }),
  route(Routes.staffReport, { action: 'staff.read', auth: 'required' }, async ({ deps, params }) => ({
    success: true,
    ...(await reportDetail(deps, kindOf(params.kind), params.id ?? '')),
  })),
  route(Routes.staffAssign, { action: 'staff.act', auth: 'required' }, async ({ deps, auth, params }) => {
    await assign(deps, auth.user.id, kindOf(params.kind), params.id ?? '');
    return done(ServerTexts.moderation.assigned);
  }),
  route(Routes.staffNote, { action: 'staff.act', auth: 'required' }, async ({ deps, auth, params, body }) => {
    await addNote(deps, auth.user.id, kindOf(params.kind), params.id ?? '', body.text);
    return done(ServerTexts.moderation.noteAdded);
  }),
  route(Routes.staffAction, { action: 'staff.act', auth: 'required' }, async ({ deps, actor, body }) => {
    // Roles are the admins' (checked again in applyAction for the action itself).
    if (body.action === 'grant-role') await deps.policy.authorize(actor, 'staff.roles', undefined);
    return done((await applyAction(deps, actor!, body)).message);
  }),
  route(
    Routes.staffDecideAppeal,
    { action: 'appeal.decide', auth: 'required', load: ({ deps, params }) => loadAppealAction(deps, params.id ?? '') },
    async ({ deps, actor, params, body }) => done(await decideAppeal(deps, actor!, params.id ?? '', body)),
  ),
  route(Routes.staffAppeals, { action: 'staff.read', auth: 'required' }, async ({ deps }) => ({
    success: true,
    appeals: await openAppeals(deps),
  })),
  route(Routes.staffAudit, { action: 'staff.audit', auth: 'required' }, async ({ deps, query }) => ({
    success: true,
    entries: await auditLog(deps, { actor: query.actor, member: query.member, action: query.action }),
  })),
  route(Routes.staffMembers, { action: 'staff.read', auth: 'required' }, async ({ deps, query }) => {
    const q = (query.q ?? '').trim().replace(/^@/, '').toLowerCase().slice(0, 64);
    const rows = await deps.db
      .select()
      .from(users)
      .where(
        q
          ? sql`(lower(${users.username}) like ${`${q}%`} or lower(${users.name}) like ${`${q}%`}) and ${users.deletedAt} is null`
          : sql`${users.role} <> 'member' and ${users.deletedAt} is null`,
      )
      .orderBy(users.username)
      .limit(50);
    return {
      success: true,
      members: rows.map((u) => ({
        uid: u.id,
        name: u.name,
        username: u.username,
        role: roleOf(u.email, u.role, deps.config.adminEmails),
        suspendedUntil: u.suspendedUntil && u.suspendedUntil > new Date() ? u.suspendedUntil.toISOString() : null,
        banned: Boolean(u.bannedAt),
        limited: Boolean(u.limitedAt),
      })),
    };
  }),
];
