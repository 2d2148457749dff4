/**
 * Who is connected, from our own bookkeeping rather than asking every node's sockets: a count of open
 * connections per member and scope ('online' for any tab, 'chat:{id}' for a tab showing that chat).
 * In memory on one node; in Redis when REDIS_URL links several, kept per node with a heartbeat so the
 * counts of a node that died stop counting within 30 s instead of leaving members online forever.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface Presence {
  /** One more connection of `uid` in `scope`; true when it is the member's first across the cluster. */
  add(scope: string, uid: string): Promise<boolean>;
  /** One more connection of `uid` in `scope`; resolves with its count across the cluster (socket caps). */
  addTotal(scope: string, uid: string): Promise<number>;
  /** One connection fewer; true when it was the member's last across the cluster. */
  remove(scope: string, uid: string): Promise<boolean>;
  /** The members among `uids` with at least one connection in `scope`. */
  among(scope: string, uids: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

export function createMemoryPresence(): Presence {
  // Counts per scope, keyed by the member's id itself: a `${scope}|${uid}` key would be a new string
  // (two, with its prefix) per member and scope, ~110 bytes a connected member.
  const scopes = new Map<string, Map<string, number>>();
  const countsOf = (scope: string) => {
    let counts = scopes.get(scope);
    if (!counts) {
      counts = new Map();
      scopes.set(scope, counts);
    }
    return counts;
  };
  const add = (scope: string, uid: string) => {
    const counts = countsOf(scope);
    const n = (counts.get(uid) ?? 0) + 1;
    counts.set(uid, n);
    return n;
  };
  return {
    add(scope, uid) {
      return Promise.resolve(add(scope, uid) === 1);
    },
    addTotal(scope, uid) {
      return Promise.resolve(add(scope, uid));
    },
    remove(scope, uid) {
      const counts = scopes.get(scope);
      const n = (counts?.get(uid) ?? 0) - 1;
      if (counts && n <= 0) {
        counts.delete(uid);
        // Chat scopes come and go: an empty one is dropped.
        if (counts.size === 0) scopes.delete(scope);
      } else counts?.set(uid, n);
      return Promise.resolve(n <= 0);
    },
    among(scope, uids) {
      const counts = scopes.get(scope);
      return Promise.resolve(new Set(uids.filter((u) => (counts?.get(u) ?? 0) > 0)));
    },
    close: () => Promise.resolve(),
  };
}

const NODES = 'presence:nodes';
const ALIVE_TTL_S = 30;

export function createRedisPresence(redis: Redis): Presence {
  const nodeId = randomUUID();
  const alive = (node: string) => `presence:alive:${node}`;
  const hash = (node: string, scope: string) => `presence:${node}:${scope}`;
  const beat = async () => {
    await redis.multi().sadd(NODES, nodeId).set(alive(nodeId), '1', 'EX', ALIVE_TTL_S).exec();
  };
  void beat().catch(() => undefined);
  const timer = setInterval(() => void beat().catch(() => undefined), 10_000);
  timer.unref();

  const liveNodes = async (): Promise<string[]> => {
    const nodes = await redis.smembers(NODES);
    if (nodes.length === 0) return [];
    const flags = await redis.mget(nodes.map(alive));
    const dead = nodes.filter((_, i) => !flags[i]);
    if (dead.length > 0) void redis.srem(NODES, ...dead).catch(() => undefined);
    return nodes.filter((_, i) => flags[i]);
  };

  const totals = async (scope: string, uids: string[]): Promise<number[]> => {
    const nodes = await liveNodes();
    const sums = uids.map(() => 0);
    if (uids.length === 0 || nodes.length === 0) return sums;
    const pipe = redis.pipeline();
    for (const node of nodes) pipe.hmget(hash(node, scope), ...uids);
    const results = (await pipe.exec()) ?? [];
    for (const [, values] of results) {
      (values as (string | null)[]).forEach((v, i) => (sums[i]! += Number(v ?? 0)));
    }
    return sums;
  };

  return {
    async add(scope, uid) {
      await redis.hincrby(hash(nodeId, scope), uid, 1);
      const [total] = await totals(scope, [uid]);
      return total === 1;
    },
    async addTotal(scope, uid) {
      await redis.hincrby(hash(nodeId, scope), uid, 1);
      const [total] = await totals(scope, [uid]);
      return total ?? 1;
    },
    async remove(scope, uid) {
      const left = await redis.hincrby(hash(nodeId, scope), uid, -1);
      if (left <= 0) await redis.hdel(hash(nodeId, scope), uid);
      const [total] = await totals(scope, [uid]);
      return (total ?? 0) <= 0;
    },
    async among(scope, uids) {
      const sums = await totals(scope, uids);
      return new Set(uids.filter((_, i) => (sums[i] ?? 0) > 0));
    },
    async close() {
      clearInterval(timer);
      const keys = await redis.keys(`presence:${nodeId}:*`).catch(() => [] as string[]);
      await redis
        .multi()
        .del(alive(nodeId), ...(keys.length ? keys : ['presence:none']))
        .srem(NODES, nodeId)
        .exec()
        .catch(() => undefined);
    },
  };
}
