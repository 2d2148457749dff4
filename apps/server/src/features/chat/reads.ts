/**
 * Read marks, told live: after a member's read mark moves, every other member learns up to when their
 * own messages in that chat are now read by everyone else (the same rule the stored status follows),
 * so "Seen" appears at once and matches what a reload shows. The service side only states the fact.
 *
 * Members looking at a chat read every message that arrives in it. Those marks are not written per
 * message: PendingReads gathers them per (chat, member) and writes them all in one statement every
 * `config.readMarkDelayMs` (250 ms); anything that reads read state (counts, lists, pages) flushes first,
 * so no answer is ever older than the marks already known, and a node that shuts down flushes last.
 *
 * In a lively chat every message is read at once by whoever is looking. A (chat, member) mark written
 * less than `config.readMarkLivelyMs` (1 s) ago waits until that second is up: the first "Seen" of a
 * conversation shows within 250 ms, and while messages fly several a second, "Seen" moves once a second
 * (one statement and one `chat_read` for a run of messages, not one for each; under load that was two
 * frames in three of what the server sent per message beyond the message and its ack).
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { chatMembers } from '../../db/schema.js';

/**
 * The update and every member's mark after it in one round trip (the outer select sees the snapshot
 * before the update, so updated rows are taken from the CTE). One text for any number of marks.
 * The update also names the chats as an array: its one generic plan then finds the rows through the
 * primary key, where the join with the unnested marks alone planned a scan of every membership (a
 * flush of 100 marks ran 5.1 ms on PGlite with 2,000 memberships, 1.6 ms with it; the writer waits
 * behind it on the one embedded connection).
 */
const WRITE_MARKS = `
  with v (chat_id, user_id, at) as (select * from unnest($1::uuid[], $2::uuid[], $3::timestamptz[])),
  u as (
    update chat_members m set last_read_at = greatest(m.last_read_at, v.at)
    from v where m.chat_id = any($4::uuid[]) and m.chat_id = v.chat_id and m.user_id = v.user_id
    returning m.chat_id, m.user_id, m.last_read_at
  )
  select c.chat_id, c.user_id, extract(epoch from coalesce(u.last_read_at, c.last_read_at)) * 1000 as ms
  from chat_members c left join u on u.chat_id = c.chat_id and u.user_id = c.user_id
  where c.chat_id = any($4::uuid[])`;

export class PendingReads {
  /** `${chatId} ${userId}` -> up to when (PostgreSQL text with microseconds; same format sorts by time). */
  private pending = new Map<string, string>();
  /** `${chatId} ${userId}` -> when its mark was last written (only those within the lively window). */
  private written = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private timerDue = Infinity;
  private forgotAt = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: AppDeps,
    private readonly now: () => number = Date.now,
  ) {}

  mark(chatId: string, userIds: Iterable<string>, at: string): void {
    for (const userId of userIds) {
      const key = `${chatId} ${userId}`;
      const before = this.pending.get(key);
      if (!before || before < at) this.pending.set(key, at);
    }
    if (this.pending.size > 0) this.wakeAt(this.now() + this.deps.config.readMarkDelayMs);
  }

  /** Writes every pending mark now (one statement) and tells the chats' members; settles when stored. */
  flush(): Promise<void> {
    return this.writeMarks(() => true);
  }

  /**
   * What the timer runs: writes the marks whose (chat, member) was not written within the lively
   * window; the rest wait for the end of theirs.
   */
  flushDue(): Promise<void> {
    const lively = this.deps.config.readMarkLivelyMs;
    const now = this.now();
    let next = Infinity;
    const done = this.writeMarks((key) => {
      const last = this.written.get(key);
      if (last === undefined || last + lively <= now) return true;
      next = Math.min(next, last + lively);
      return false;
    });
    if (next < Infinity) this.wakeAt(next);
    return done;
  }

  /** Drops write times older than the lively window (a pass at most once per window). */
  private forgetOld(now: number): void {
    const lively = this.deps.config.readMarkLivelyMs;
    if (now - this.forgotAt < lively) return;
    this.forgotAt = now;
    for (const [key, at] of this.written) if (at + lively <= now) this.written.delete(key);
  }

  private wakeAt(due: number): void {
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerDue = Infinity;
        void this.flushDue();
      },
      Math.max(0, due - this.now()),
    );
    this.timer.unref();
  }

  private writeMarks(take: (key: string) => boolean): Promise<void> {
    const batch = new Map<string, string>();
    for (const [key, at] of this.pending) if (take(key)) batch.set(key, at);
    if (batch.size > 0) {
      const now = this.now();
      this.forgetOld(now);
      for (const key of batch.keys()) {
        this.pending.delete(key);
        this.written.set(key, now);
      }
      if (this.pending.size === 0) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.timerDue = Infinity;
      }
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
    const chatIds = [...new Set(rows.map((r) => r.chatId))];
    const { rows: found } = await this.deps.database.prepared('chat_read_marks', WRITE_MARKS, [
      rows.map((r) => r.chatId),
      rows.map((r) => r.userId),
      rows.map((r) => r.at),
      chatIds,
    ]);
    const result = found as { chat_id: string; user_id: string; ms: number | string }[];
    // Grouped by chat in one pass each (a flush after a busy window covers hundreds of chats).
    const byChat = new Map<string, { readerIds: string[]; marks: { userId: string; lastReadAt: Date }[] }>(
      chatIds.map((id) => [id, { readerIds: [], marks: [] }]),
    );
    for (const r of rows) byChat.get(r.chatId)!.readerIds.push(r.userId);
    for (const r of result)
      byChat.get(r.chat_id)?.marks.push({ userId: r.user_id, lastReadAt: new Date(Number(r.ms)) });
    for (const [chatId, { readerIds, marks }] of byChat) {
      await this.deps.bus.publish('chat.read', { chatId, readerIds, marks });
    }
  }
}

/** A member read the chat (opened it): the others learn up to when their messages are now read. */
export async function announceRead(deps: AppDeps, chatId: string, reader: string): Promise<void> {
  await deps.bus.publish('chat.read', { chatId, readerIds: [reader] }, { by: reader });
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
