/**
 * A member's account as a whole: the data export and the deletion, built from every area's account hooks
 * (feature.ts `account`), so a new area's tables are exported and deleted by declaring them where they
 * live. The export streams a zip (a manifest, JSON files of one page of rows at a time, and the member's
 * files); the deletion is one job that survives a restart and runs every area's hook, each idempotent.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import yazl from 'yazl';
import { APP_NAME, SettingsText } from '@sajha/contract';
import type { AppDeps } from './deps.js';
import { heldUsernames, users } from './db/schema.js';
import type { AccountExport, AccountHooks, Cursor, PageRow } from './feature.js';

export type { AccountExport };
import { sha256 } from './platform/crypto.js';
import { deleteOtherSessions } from './platform/sessions.js';
import { OLD_USERNAME_DAYS } from './platform/usernames.js';

const PAGE = 500;

/** The keyset condition of `page`: rows after the cursor, in (created_at, id) order. */
export function after(t: { createdAt: AnyPgColumn; id: AnyPgColumn }, cursor: Cursor | null): SQL | undefined {
  return cursor ? or(gt(t.createdAt, cursor.at), and(eq(t.createdAt, cursor.at), gt(t.id, cursor.id))) : undefined;
}
export const byKeyset = (t: { createdAt: AnyPgColumn; id: AnyPgColumn }) => [asc(t.createdAt), asc(t.id)];
export const EXPORT_PAGE = PAGE;

type Entry =
  | { path: string; kind: string; value: unknown }
  | { path: string; kind: string; page: (after: Cursor | null) => Promise<PageRow[]> }
  | { path: string; kind: string; storageKey: string; meta: Record<string, unknown> };

function jsonArray(page: (after: Cursor | null) => Promise<PageRow[]>, counted: { n: number }): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let cursor: Cursor | null = null;
      for (;;) {
        const rows = await page(cursor);
        for (const { _at, _id, ...row } of rows) {
          yield `${counted.n === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
          counted.n += 1;
          cursor = { at: _at, id: _id };
        }
        if (rows.length < PAGE) break;
      }
      yield '\n]\n';
    })(),
  );
}

/** The zip as a stream: nothing is held in memory beyond one page of rows or one file chunk. */
export async function exportAccount(
  deps: AppDeps,
  hooks: readonly AccountHooks[],
  member: { id: string; username: string },
): Promise<NodeJS.ReadableStream> {
  const entries: Entry[] = [];
  const out: AccountExport = {
    json: (path, kind, value) => entries.push({ path, kind, value }),
    rows: (path, kind, page) => entries.push({ path, kind, page }),
    file: (path, kind, storageKey, meta) => entries.push({ path, kind, storageKey, meta }),
  };
  for (const h of hooks) await h.exportAccount?.(deps, member.id, out);

  const zip = new yazl.ZipFile();
  const counts = new Map<string, { n: number }>();
  for (const e of entries) {
    if ('value' in e) zip.addBuffer(Buffer.from(JSON.stringify(e.value, null, 2)), e.path);
    else if ('page' in e) {
      const counted = { n: 0 };
      counts.set(e.path, counted);
      zip.addReadStream(jsonArray(e.page, counted), e.path);
    } else {
      const key = e.storageKey;
      // Opened only when the zip reaches this entry, so a member with many files holds one open at a time.
      zip.addReadStreamLazy(e.path, (cb) => {
        deps.storage.get(key).then(
          (got) => cb(null, got ? got.stream : Readable.from([])),
          (err: unknown) => cb(err, Readable.from([])),
        );
      });
    }
  }
  // Last, once every array has been read: the manifest gives each one's count.
  zip.addReadStreamLazy('manifest.json', (cb) => {
    const manifest = {
      app: APP_NAME,
      format: 2,
      exportedAt: new Date().toISOString(),
      member: { uid: member.id, username: member.username },
      entries: entries.map((e) => ({
        path: e.path,
        kind: e.kind,
        ...(counts.has(e.path) ? { count: counts.get(e.path)!.n } : {}),
        ...('meta' in e ? e.meta : {}),
      })),
    };
    cb(null, Readable.from([Buffer.from(JSON.stringify(manifest, null, 2))]));
  });
  zip.end();
  return zip.outputStream;
}

/**
 * The first, synchronous part of a deletion: the account can no longer sign in and its username and
 * address are no longer its own; every area's data goes in the 'account.delete' job that follows.
 * The row itself stays as "Deleted user" (messages others received keep a sender to show), with
 * nothing personal left on it; its username is held (by hash) like a renamed one.
 */
export async function closeAccount(deps: AppDeps, userId: string): Promise<void> {
  const [u] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!u) return;
  const tag = userId.replace(/-/g, '').slice(0, 12);
  await deps.db.transaction(async (tx) => {
    if (!u.username.startsWith('deleted_')) {
      await tx
        .insert(heldUsernames)
        .values({
          nameHash: sha256(u.username.toLowerCase()),
          until: new Date(Date.now() + OLD_USERNAME_DAYS * 86_400_000),
        })
        .onConflictDoUpdate({ target: heldUsernames.nameHash, set: { until: sql`excluded.until` } });
    }
    await tx
      .update(users)
      .set({
        name: SettingsText.deletedUser,
        username: `deleted_${tag}`,
        email: `deleted+${userId}@deleted.invalid`,
        passwordHash: null,
        googleSub: null,
        avatar: null,
        bio: '',
        phone: '',
        location: '',
        dob: '',
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        emailVerifiedAt: null,
        role: 'member',
        sanctionReason: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
  // Every tab and device of the member closes now (the sessions' ids close their sockets on every node).
  await deleteOtherSessions(deps, userId);
  await deps.jobs.send('account.delete', { userId }, { singletonKey: userId });
}

/** The 'account.delete' job: every area's hook, in manifest order (files last: see the media area). */
export async function deleteAccountData(deps: AppDeps, hooks: readonly AccountHooks[], userId: string): Promise<void> {
  for (const h of hooks) await h.deleteAccount?.(deps, userId);
}
