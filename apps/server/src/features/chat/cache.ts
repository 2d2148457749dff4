/**
 * What the chat hot path keeps in memory, per app: each chat's kind, creator and member ids (so a send
 * needs no membership query and the fan-out knows its rooms) and members' current profiles (names and
 * avatars as they are now, not as at the socket's handshake). Facts on the bus drop the entries they
 * change: `chat.members.changed` and `profile.updated`.
 *
 * Across nodes the in-process bus does not reach, so with REDIS_URL set (several nodes) an entry lives
 * only CROSS_NODE_TTL_MS: another node's change is seen within that. The write never trusts the cache
 * alone: the insert itself checks membership and blocks in SQL (writer.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { chatMembers, chats, users } from '../../db/schema.js';
import type { UserRow } from './presenters.js';

export interface ChatMeta {
  id: string;
  kind: 'direct' | 'group';
  name: string | null;
  createdBy: string | null;
  memberIds: string[];
}

const CROSS_NODE_TTL_MS = 1_000;
const MAX_ENTRIES = 20_000;

/** A bounded map whose entries expire after `ttlMs` (Infinity: only dropped when told). */
class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  constructor(private readonly ttlMs: number) {}
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: V): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: Date.now() });
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

function prepared(deps: AppDeps) {
  const { db } = deps;
  return {
    meta: db
      .select({
        id: chats.id,
        kind: chats.kind,
        name: chats.name,
        createdBy: chats.createdBy,
        userId: chatMembers.userId,
      })
      .from(chats)
      .leftJoin(chatMembers, eq(chatMembers.chatId, chats.id))
      .where(eq(chats.id, sql.placeholder('chatId')))
      .prepare('chat_meta'),
    profile: db
      .select({ id: users.id, name: users.name, username: users.username, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('chat_profile'),
  };
}

export class ChatCache {
  private readonly metas: TtlCache<ChatMeta>;
  private readonly profiles: TtlCache<UserRow>;
  private readonly queries: ReturnType<typeof prepared>;

  constructor(deps: AppDeps) {
    const ttl = deps.config.redisUrl ? CROSS_NODE_TTL_MS : Infinity;
    this.metas = new TtlCache(ttl);
    this.profiles = new TtlCache(ttl);
    this.queries = prepared(deps);
    deps.bus.subscribe('chat.members.changed', ({ chatId }) => this.metas.delete(chatId));
    deps.bus.subscribe('profile.updated', ({ user }) => this.profiles.delete(user.uid));
  }

  /** The chat and its members, or undefined when no such chat exists. */
  async chat(chatId: string): Promise<ChatMeta | undefined> {
    const hit = this.metas.get(chatId);
    if (hit) return hit;
    const rows = await this.queries.meta.execute({ chatId });
    const first = rows[0];
    if (!first) return undefined;
    const meta: ChatMeta = {
      id: first.id,
      kind: first.kind,
      name: first.name,
      createdBy: first.createdBy,
      memberIds: rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    };
    this.metas.set(chatId, meta);
    return meta;
  }

  /** A member's name, username and avatar as they are now. */
  async profile(userId: string): Promise<UserRow | undefined> {
    const hit = this.profiles.get(userId);
    if (hit) return hit;
    const [row] = await this.queries.profile.execute({ userId });
    if (row) this.profiles.set(userId, row);
    return row;
  }
}
