/**
 * Read marks, told live: after a member's read mark moves, every other member learns up to when their
 * own messages in that chat are now read by everyone else (the same rule the stored status follows),
 * so "Seen" appears at once and matches what a reload shows. The service side only states the fact.
 *
 * Members looking at a chat read every message that arrives in it. Those marks are not written per
 * message: PendingReads gathers them per (chat, member) and writes them all in one statement every
 * READ_DEBOUNCE_MS; anything that reads read state (counts, lists, pages) flushes first, so no answer
 * is ever older than the marks already known.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { chatMembers } from '../../db/schema.js';
import { rowsOf } from './repo.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** `marks`: every member's read mark after the change, when the writer already has them. */
    'chat.read': { chatId: string; readerIds: string[]; marks?: { userId: string; lastReadAt: Date }[] };
  }
}

const READ_DEBOUNCE_MS = 100;

export class PendingReads {
  /** `${chatId} ${userId}` -> up to when (PostgreSQL text with microseconds; same format sorts by time). */
  private pending = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AppDeps) {}

  mark(chatId: string, userIds: Iterable<string>, at: string): void {
    for (const userId of userIds) {
      const key = `${chatId} ${userId}`;
      const before = this.pending.get(key);
      if (!before || before < at) this.pending.set(key, at);
    }
    if (this.pending.size > 0 && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), READ_DEBOUNCE_MS);
      this.timer.unref();
    }
  }

  /** Writes every pending mark (one statement) and tells the chats' members; settles when stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size > 0) {
      const batch = this.pending;
      this.pending = new Map();
      this.chain = this.chain.then(() =>
        this.write(batch).catch((err: unknown) => this.deps.log.error({ err }, 'storing read marks failed')),
      );
    }
    return this.chain;
  }

  private async write(batch: Map<string, string>): Promise<void> {
    const rows = [...batch].map(([key, at]) => {
      const [chatId, userId] = key.split(' ') as [string, string];
      return { chatId, userId, at };
    });
    const values = sql.join(
      rows.map((r) => sql`(${r.chatId}::uuid, ${r.userId}::uuid, ${r.at}::timestamptz)`),
      sql`, `,
    );
    const chatIds = [...new Set(rows.map((r) => r.chatId))];
    // The update and every member's mark after it in one round trip (the outer select sees the
    // snapshot before the update, so updated rows are taken from the CTE).
    const result = rowsOf<{ chat_id: string; user_id: string; ms: number | string }>(
      await this.deps.db.execute(sql`
      with v (chat_id, user_id, at) as (values ${values}),
      u as (
        update chat_members m set last_read_at = greatest(m.last_read_at, v.at)
        from v where m.chat_id = v.chat_id and m.user_id = v.user_id
        returning m.chat_id, m.user_id, m.last_read_at
      )
      select c.chat_id, c.user_id, extract(epoch from coalesce(u.last_read_at, c.last_read_at)) * 1000 as ms
      from chat_members c left join u on u.chat_id = c.chat_id and u.user_id = c.user_id
      where c.chat_id in (${sql.join(
        chatIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
    );
    for (const chatId of chatIds) {
      const marks = result
        .filter((r) => r.chat_id === chatId)
        .map((r) => ({ userId: r.user_id, lastReadAt: new Date(Number(r.ms)) }));
      const readerIds = rows.filter((r) => r.chatId === chatId).map((r) => r.userId);
      await this.deps.bus.publish('chat.read', { chatId, readerIds, marks });
    }
  }
}

export async function announceRead(deps: AppDeps, chatId: string, ...readerIds: string[]): Promise<void> {
  if (readerIds.length > 0) await deps.bus.publish('chat.read', { chatId, readerIds });
}

/** For each member other than the readers: up to when everyone else has read the chat. */
export async function readMarksFor(
  deps: AppDeps,
  chatId: string,
  readerIds: string[],
  known?: { userId: string; lastReadAt: Date }[],
): Promise<{ userId: string; upTo: Date }[]> {
  const members =
    known ??
    (await deps.db
      .select({ userId: chatMembers.userId, lastReadAt: chatMembers.lastReadAt })
      .from(chatMembers)
      .where(eq(chatMembers.chatId, chatId)));
  const out: { userId: string; upTo: Date }[] = [];
  for (const sender of members) {
    if (readerIds.length === 1 && sender.userId === readerIds[0]) continue;
    const others = members.filter((m) => m.userId !== sender.userId);
    if (others.length === 0) continue;
    out.push({ userId: sender.userId, upTo: new Date(Math.min(...others.map((m) => m.lastReadAt.getTime()))) });
  }
  return out;
}
