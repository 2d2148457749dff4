/**
 * Group commit for chat messages. A send waits here only while the statement before it is running:
 * everything that arrived meanwhile is written by the next statement, in one multi-row insert, and
 * each caller is answered when that statement has committed. Callers ack and fan out only after
 * that, so a message is never announced before it is durable, and a resend after a crash finds the
 * stored copy by its (sender, client id) key: exactly once, as before.
 *
 * The one statement also does what used to be three: the insert refuses rows whose sender is not a
 * member (or, in a direct chat, is blocked either way) and bumps `chats.last_message_at` in a CTE.
 * Its text is the same for any number of rows (the rows travel as arrays), so PostgreSQL parses and
 * plans it once per connection and no query is built per batch.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import { searchLexemes } from '../../platform/search-index.js';
export interface NewMessage {
  id: string;
  chatId: string;
  senderId: string;
  clientId: string | null;
  content: string;
  /** The message this one replies to (checked to be in the same chat before it comes here). */
  replyTo: string | null;
  /** In a direct chat, the other member: a block either way refuses the row. */
  otherId: string | null;
}

/** The stored row's time, as PostgreSQL text with microseconds (read marks compare at full precision). */
export interface Stored {
  id: string;
  at: string;
}

const MAX_BATCH = 500;

/** One turn of the event loop, so socket input that already arrived is read first. */
const afterPendingInput = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A single message's time: strictly after the chat's last message, even when this statement sees the same
 * now() as the one before it (PGlite's clock is coarse), so a chat's order is the order of its writes.
 */
export const nextInChat = (chatId: string) =>
  sql<Date>`greatest(now(), (select c.last_message_at + interval '1 microsecond' from chats c where c.id = ${chatId}))`;

/** A message's stored time as text with microseconds, for `returning` (read marks need full precision). */
export const storedAtText = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface Waiting {
  row: NewMessage;
  done: (stored: Stored | undefined) => void;
  fail: (err: unknown) => void;
}

/** A batch's statement under way; its outcome never rejects. */
interface Statement {
  batch: Waiting[];
  outcome: Promise<{ stored: Map<string, Stored> } | { error: unknown }>;
}

export class MessageWriter {
  private queue: Waiting[] = [];
  private running = false;

  constructor(private readonly database: Database) {}

  /** Stores the message; undefined when refused (not a member, blocked) or its client id was stored before. */
  write(row: NewMessage): Promise<Stored | undefined> {
    return new Promise((done, fail) => {
      this.queue.push({ row, done, fail });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    // Let pending socket input run first, so sends that already arrived join this batch. PGlite
    // answers on this thread: without the yield the next statement starts before any I/O is read.
    await afterPendingInput();
    let next: Statement | undefined = this.start();
    while (next) {
      const current: Statement = next;
      const outcome = await current.outcome;
      // What arrived while that statement ran goes to the database before this thread answers its
      // batch: the next statement runs while the acks and the fan-out are sent. Still one statement at
      // a time, each started after the one before has committed, so history keeps its order.
      next = 'stored' in outcome && this.queue.length > 0 ? this.start() : undefined;
      if ('stored' in outcome) for (const w of current.batch) w.done(outcome.stored.get(w.row.id));
      else await this.oneByOne(current.batch, outcome.error);
      if (!next && this.queue.length > 0) {
        await afterPendingInput();
        next = this.start();
      }
    }
    this.running = false;
  }

  private start(): Statement {
    const batch = this.queue.splice(0, MAX_BATCH);
    const outcome = insertBatch(
      this.database,
      batch.map((w) => w.row),
    ).then(
      (stored) => ({ stored }),
      (error: unknown) => ({ error }),
    );
    return { batch, outcome };
  }

  /** One bad row must not sink its neighbours: alone, each succeeds or fails on its own. */
  private async oneByOne(batch: Waiting[], error: unknown): Promise<void> {
    if (batch.length === 1) return batch[0]!.fail(error);
    for (const w of batch) await insertBatch(this.database, [w.row]).then((s) => w.done(s.get(w.row.id)), w.fail);
  }
}

/** Rows of one statement share now(); a microsecond per position (`ord`) keeps their order in history. */
const INSERT_BATCH = `
  with v (id, chat_id, sender_id, client_id, content, other_id, terms, reply_to, ord) as (
    select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::text[], $8::uuid[])
      with ordinality
  ),
  ins as (
    insert into messages (id, chat_id, sender_id, client_id, content, search_terms, reply_to, created_at)
    select v.id, v.chat_id, v.sender_id, v.client_id, v.content, array_to_tsvector(string_to_array(v.terms, ' ')),
      v.reply_to,
      -- Strictly after the chat's last message, even when two batches see the same now() (PGlite's clock is
      -- coarse): ord alone would interleave them.
      greatest(now(), c.last_message_at + interval '1 microsecond') + v.ord * interval '1 microsecond'
    from v
    join chats c on c.id = v.chat_id
    where exists (select 1 from chat_members m where m.chat_id = v.chat_id and m.user_id = v.sender_id)
      and (v.other_id is null or not exists (select 1 from blocks b where
        (b.blocker_id = v.sender_id and b.blocked_id = v.other_id) or (b.blocker_id = v.other_id and b.blocked_id = v.sender_id)))
    order by v.ord
    on conflict (sender_id, client_id) do nothing
    returning id, chat_id, created_at
  ),
  bump as (
    update chats c set last_message_at = greatest(c.last_message_at, x.at)
    from (select chat_id, max(created_at) as at from ins group by chat_id) x
    where c.id = x.chat_id
  )
  select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from ins`;

async function insertBatch(database: Database, rows: NewMessage[]): Promise<Map<string, Stored>> {
  const { rows: result } = await database.prepared('chat_insert_batch_v3', INSERT_BATCH, [
    rows.map((r) => r.id),
    rows.map((r) => r.chatId),
    rows.map((r) => r.senderId),
    rows.map((r) => r.clientId),
    rows.map((r) => r.content),
    rows.map((r) => r.otherId),
    // The search lexemes travel as one space-separated text per row (arrays of arrays must be rectangular).
    rows.map((r) => searchLexemes(r.content).join(' ')),
    rows.map((r) => r.replyTo),
  ]);
  const stored = new Map<string, Stored>();
  for (const r of result as { id: string; at: string }[]) stored.set(r.id, { id: r.id, at: r.at });
  return stored;
}
