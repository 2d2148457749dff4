/**
 * What keeps one member (or one address) from starving everyone else on the sockets:
 * - an event budget per member across all their sockets and nodes (rate-limiter-flexible, in Redis
 *   when REDIS_URL links nodes), and a handshake budget per address for traffic not yet signed in;
 * - a cap on open sockets per member and per address, counted with the presence bookkeeping (so in
 *   Redis across nodes, and a dead node's sockets stop counting);
 * - a small queue per member on each node: a member's events run at most `MEMBER_CONCURRENCY` at a
 *   time and a backlog past `MEMBER_QUEUE` is refused, so a flood waits in its own line instead of
 *   filling the database's queue in front of other members' events.
 * One guard per Socket.IO server, found from the socket (no per-socket state).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Aftermath } from '../events/aftermath.js';
import type { Presence } from '../platform/presence.js';
import type { IoServer, IoSocket } from './types.js';

export interface SocketLimits {
  /** Open sockets per member, both socket paths together. */
  perMember: number;
  /** Open sockets per client address. */
  perAddress: number;
  /** Handshakes per address per minute (the only socket traffic before sign-in). */
  handshakesPerAddressPerMinute: number;
  /** Events per member per second, averaged over a 5 s window, across every socket and node. */
  eventsPerMemberPerSecond: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  perMember: 20,
  perAddress: 100,
  handshakesPerAddressPerMinute: 300,
  eventsPerMemberPerSecond: 30,
};

const MEMBER_CONCURRENCY = 2;
/**
 * Room for a reconnecting tab that resends its whole outbox at once (the web app does): a few dozen
 * messages wait their turn instead of being refused; a flood past this is still refused.
 */
const MEMBER_QUEUE = 64;
const EVENT_WINDOW_S = 5;
/** Longest a member's place stays taken by an event's after-effects once it has answered. */
const AFTERMATH_WAIT_MS = 2000;

/** Refusals the handshake sends as `connect_error` messages. */
export const HandshakeErrors = {
  tooManyConnections: 'too_many_connections',
  tooManyHandshakes: 'too_many_handshakes',
} as const;

interface Line {
  active: number;
  waiting: (() => void)[];
}

/** A place in a line kept for an event's after-effects, given back when they settle or at `deadline`. */
class Hold {
  private given = false;
  constructor(
    readonly deadline: number,
    private readonly giveBack: () => void,
    private readonly holds: Set<Hold>,
  ) {}

  release(): void {
    if (this.given) return;
    this.given = true;
    this.holds.delete(this);
    this.giveBack();
  }
}

export class SocketGuard {
  private readonly events: RateLimiterAbstract;
  private readonly handshakes: RateLimiterAbstract;
  private readonly lines = new Map<string, Line>();
  /** Places kept for after-effects; one sweep gives back those past their deadline (no timer per event). */
  private readonly holds = new Set<Hold>();
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    readonly limits: SocketLimits,
    private readonly presence: Presence,
    private readonly trustProxy: boolean,
    redis?: Redis,
    /** Where the bus counts each member's after-effects (EventBus.aftermath). */
    private readonly aftermath: Aftermath = new Aftermath(),
  ) {
    const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
      // Once over budget the key is blocked in memory for the rest of the window: a flood costs no store trips.
      const spec = { keyPrefix, points, duration, inMemoryBlockOnConsumed: points };
      if (!redis) return new RateLimiterMemory(spec);
      // Redis down must not refuse every event; each node then limits on its own until it is back.
      return new RateLimiterRedis({ ...spec, storeClient: redis, insuranceLimiter: new RateLimiterMemory(spec) });
    };
    this.events = make('rl:socketEventsPerMember', limits.eventsPerMemberPerSecond * EVENT_WINDOW_S, EVENT_WINDOW_S);
    this.handshakes = make('rl:socketHandshakesPerIp', limits.handshakesPerAddressPerMinute, 60);
  }

  /** The client's address as the HTTP side sees it (first X-Forwarded-For hop only behind a trusted proxy). */
  addressOf(socket: IoSocket): string {
    if (this.trustProxy) {
      const fwd = socket.request.headers['x-forwarded-for'];
      const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return socket.handshake.address;
  }

  /** One more handshake from this address; false when it is over its budget. */
  handshake(address: string): Promise<boolean> {
    return take(this.handshakes, address);
  }

  /** One more event from this member; false when the member is over budget across all sockets and nodes. */
  event(uid: string): Promise<boolean> {
    return take(this.events, uid);
  }

  /**
   * Counts an opening socket against its member's and address's caps; false (and nothing counted)
   * when either is full. `release` must be called exactly once when it closes.
   */
  async open(uid: string, address: string): Promise<boolean> {
    const [mine, theirs] = await Promise.all([
      this.presence.addTotal('sockets', uid),
      this.presence.addTotal('sockets-ip', address),
    ]);
    if (mine <= this.limits.perMember && theirs <= this.limits.perAddress) return true;
    await this.release(uid, address);
    return false;
  }

  async release(uid: string, address: string): Promise<void> {
    await Promise.all([this.presence.remove('sockets', uid), this.presence.remove('sockets-ip', address)]);
  }

  /**
   * Runs a member's event in their own line on this node. Resolves `undefined` without running when
   * the line is full: the caller refuses the event.
   */
  async serve<T>(uid: string, work: () => Promise<T>): Promise<{ value: T } | undefined> {
    let line = this.lines.get(uid);
    if (!line) {
      line = { active: 0, waiting: [] };
      this.lines.set(uid, line);
    }
    if (line.active >= MEMBER_CONCURRENCY) {
      if (line.waiting.length >= MEMBER_QUEUE) return undefined;
      await new Promise<void>((resolve) => line.waiting.push(resolve));
    } else {
      line.active += 1;
    }
    try {
      return { value: await work() };
    } finally {
      this.afterwards(uid, line);
    }
  }

  /**
   * Gives the member's place back once the event has answered, or keeps it while what the member set
   * off still runs (bounded, so nothing can hold it forever).
   */
  private afterwards(uid: string, line: Line): void {
    const pending = this.aftermath.of(uid);
    if (pending.length === 0) return this.handOn(uid, line);
    const hold = new Hold(Date.now() + AFTERMATH_WAIT_MS, () => this.handOn(uid, line), this.holds);
    this.holds.add(hold);
    this.sweep ??= setInterval(() => this.releaseOverdue(), AFTERMATH_WAIT_MS / 4).unref();
    void Promise.allSettled(pending).then(() => hold.release());
  }

  /** Hands the place straight to the member's next waiting event (active stays the same), or gives it back. */
  private handOn(uid: string, line: Line): void {
    const next = line.waiting.shift();
    if (next) next();
    else if (--line.active === 0) this.lines.delete(uid);
  }

  private releaseOverdue(): void {
    const now = Date.now();
    for (const hold of this.holds) if (hold.deadline <= now) hold.release();
    if (this.holds.size === 0) {
      clearInterval(this.sweep);
      this.sweep = undefined;
    }
  }
}

async function take(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}

const guards = new WeakMap<IoServer, SocketGuard>();

export function setGuard(io: IoServer, guard: SocketGuard): void {
  guards.set(io, guard);
}

/** The guard of the server this socket belongs to; undefined for servers made without one (never in the app). */
export function guardOf(socket: IoSocket): SocketGuard | undefined {
  return guards.get(socket.nsp.server as IoServer);
}
