/**
 * The two Socket.IO servers on one HTTP server: /real (everything but calls) and /realcall (call
 * signalling). Websocket only. The session cookie authenticates at handshake; each socket joins
 * `user:{id}` so any node can reach every tab of a user. With REDIS_URL, the Redis Streams adapter
 * links nodes: it keeps what was published during a Redis outage (the pub/sub adapter drops it) and
 * lets a client that lost its node recover what it missed on another one (connection-state recovery).
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import type { Logger } from 'pino';
import { SOCKET_PATHS, ServerTexts, localizeText, pickLocale, type Locale } from '@sajha/contract';
import type { AppDeps } from '../deps.js';
import type { SocketHooks } from '../feature.js';
import { findSession, readCookie, SESSION_COOKIE } from '../platform/sessions.js';
import type { Redis } from 'ioredis';
import { isAllowedOrigin } from '../platform/origin.js';
import { settled } from '../platform/lifecycle.js';
import { inStreamOrderOf } from './streamOrder.js';
import { dispatcher, type SocketHandler } from './handler.js';
import { DEFAULT_SOCKET_LIMITS, HandshakeErrors, setGuard, SocketGuard, type SocketLimits } from './guard.js';
import { socketSessionOpener, type SocketSessionOpener } from './handshake.js';
import { sessionRoom, userRoom, type IoServer, type IoSocket, type SocketBoot } from './types.js';

export type { SocketBoot };

/** One socket server's part of every area: its handlers and its lifecycle hooks. */
export interface SocketSide {
  handlers: readonly SocketHandler[];
  hooks: readonly SocketHooks[];
}

export interface Realtime {
  main: IoServer;
  call: IoServer;
  /**
   * SIGTERM: refuse new sockets, let accepted events finish, then close every socket's transport. A
   * closed transport (unlike a server-side disconnect) is the reconnect hint: clients reconnect at once,
   * through the balancer to another node, and recover what was sent meanwhile.
   */
  drain(): Promise<void>;
  close(): Promise<void>;
  /**
   * Quits the adapter's Redis connections: last, after jobs and presence, because the disconnects of
   * close() still publish (presence) and a publish on a quit connection is an unhandled rejection.
   */
  closeLinks(): Promise<void>;
}

/** How long a client may be away and still get what it missed (cluster mode only). */
const RECOVERY_WINDOW_MS = 2 * 60_000;

export interface RealtimeOptions {
  httpServer: HttpServer;
  /** The app: handlers are given it, and presence, the bus, the lifecycle and the log are taken from it. */
  deps: AppDeps;
  publicUrl: string;
  redisUrl?: string | undefined;
  main: SocketSide;
  call: SocketSide;
  /** Shared store for the per-member event budget across nodes (the socket caps go through presence). */
  redis?: Redis | undefined;
  /** Caps and budgets per member and address; defaults in guard.ts. */
  socketLimits?: Partial<SocketLimits> | undefined;
  trustProxy?: boolean | undefined;
}

/** How often each node looks for sockets of expired sessions. */
const EXPIRY_SWEEP_MS = 1000;
const boots = new WeakMap<IoSocket, SocketBoot>();

/** Who is online: a /real socket counts from its connection to its disconnect. */
interface OnlineCount {
  online(socket: IoSocket): void;
  offline(socket: IoSocket): void;
}

function createServer(
  opts: RealtimeOptions,
  path: string,
  guard: SocketGuard,
  openSession: SocketSessionOpener,
): IoServer {
  const io: IoServer = new Server(opts.httpServer, {
    path,
    transports: ['websocket'],
    serveClient: false,
    destroyUpgrade: false,
    maxHttpBufferSize: 1_000_000,
    connectTimeout: 20_000,
    // Only with Redis: there the missed packets live in the shared stream; one node keeps today's behaviour.
    // A recovered socket skips the handshake middleware: while it awaited the database, packets for the
    // restored rooms would pass it by. Its session is checked right after instead (see wire below).
    ...(opts.redisUrl
      ? { connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true } }
      : {}),
    // A draining node takes no new sockets: the client retries and the balancer sends it elsewhere.
    allowRequest: (req: IncomingMessage, cb) =>
      cb(null, !opts.deps.lifecycle.draining && isAllowedOrigin(req.headers.origin, req.headers.host, opts.publicUrl)),
  });
  setGuard(io, guard);
  io.use((socket, next) => {
    admit(socket, guard, openSession).then(
      (refused) => {
        next(refused);
        // Socket.IO connects an admitted socket in a tick after next(), or drops it without an event
        // when its connection closed meanwhile: by the next turn of the loop it has had its 'connection'
        // (which takes its boot, and releases at its disconnect) or it never will.
        if (!refused) setImmediate(releaseIfNeverConnected, socket, guard, opts.deps.log);
      },
      (err: unknown) => {
        opts.deps.log.error({ err }, 'socket auth failed');
        next(new Error('unavailable'));
      },
    );
  });
  return io;
}

const refusals: Record<string, string> = {
  [HandshakeErrors.tooManyConnections]: ServerTexts.connection.tooManyConnections,
  [HandshakeErrors.tooManyHandshakes]: ServerTexts.connection.tooManyHandshakes,
};

/** A refused handshake: its code, and what the member reads (their language, or the browser's before a session). */
function refusal(code: string, socket: IoSocket, locale?: Locale): Error {
  const reader = locale ?? pickLocale(socket.request.headers['accept-language']);
  return Object.assign(new Error(code), { data: { message: localizeText(reader, refusals[code] ?? '') } });
}

/**
 * The handshake: address budget, session (with its member and badge), caps. Resolves the refusal to
 * pass to `next`, or undefined once admitted. An admitted socket keeps no listener of its own: its
 * count is given back by the server's shared 'disconnect' listener (see wire), or by
 * releaseIfNeverConnected when Socket.IO drops it before it connects.
 */
async function admit(
  socket: IoSocket,
  guard: SocketGuard,
  openSession: SocketSessionOpener,
): Promise<Error | undefined> {
  const address = guard.addressOf(socket);
  if (!(await guard.handshake(address))) return refusal(HandshakeErrors.tooManyHandshakes, socket);
  const auth = await openSession(readCookie(socket.request.headers.cookie, SESSION_COOKIE));
  if (!auth) return new Error('unauthorized');
  const uid = auth.user.uid;
  if (!(await guard.open(uid, address))) return refusal(HandshakeErrors.tooManyConnections, socket, auth.locale);
  // A client that left while this awaited the database has had its close already: nothing would release it.
  if (socket.conn.readyState === 'closed') {
    await guard.release(uid, address);
    return new Error('unavailable');
  }
  // Counted until the socket disconnects, or until releaseIfNeverConnected if it never connects. (A
  // closure on the connection's 'close' cost ~260 bytes an idle socket: closure, context, and the
  // connection's listener array grown from 2 to 20 slots.)
  socket.data = {
    user: auth.user,
    sessionId: auth.sessionId,
    expiresAt: auth.expiresAt,
    email: auth.email,
    role: auth.role,
    locale: auth.locale,
  };
  boots.set(socket, { unreadNotifications: auth.unreadNotifications });
  return undefined;
}

function release(guard: SocketGuard, socket: IoSocket, log: Logger): void {
  guard
    .release(socket.data.user.uid, guard.addressOf(socket))
    .catch((err: unknown) => log.error({ err }, 'socket count failed'));
}

/** An admitted socket that Socket.IO dropped before connecting (its connection closed): give its place back. */
function releaseIfNeverConnected(socket: IoSocket, guard: SocketGuard, log: Logger): void {
  if (!boots.delete(socket)) return;
  release(guard, socket, log);
}

/**
 * Closes this node's sockets whose session has expired, once a second (revocation arrives as
 * session.ended instead). One sweep per server rather than a timer per socket: nothing per socket.
 */
function sweepExpired(io: IoServer): () => void {
  const timer = setInterval(() => {
    const now = Date.now();
    for (const socket of io.sockets.sockets.values()) if (socket.data.expiresAt <= now) socket.disconnect(true);
  }, EXPIRY_SWEEP_MS).unref();
  return () => clearInterval(timer);
}

export async function createRealtime(opts: RealtimeOptions): Promise<Realtime> {
  // One guard for both paths: a member's caps and budget count /real and /realcall sockets together.
  const guard = new SocketGuard(
    { ...DEFAULT_SOCKET_LIMITS, ...opts.socketLimits },
    opts.deps.presence,
    opts.trustProxy ?? false,
    opts.redis,
    opts.deps.bus.aftermath,
  );
  const openSession = socketSessionOpener(opts.deps.db);
  const main = createServer(opts, SOCKET_PATHS.main, guard, openSession);
  const call = createServer(opts, SOCKET_PATHS.call, guard, openSession);
  const closers: (() => Promise<unknown>)[] = [];

  if (opts.redisUrl) {
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    const { Redis } = await import('ioredis');
    for (const io of [main, call]) {
      // No retry limit: while Redis is away, publishes wait in the client's queue and go out when it is back.
      const client = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
      // Once per outage, not once per reconnect attempt.
      let down = false;
      client.on('error', (err) => {
        if (!down) opts.deps.log.warn({ err: err.message }, 'socket adapter: redis unavailable');
        down = true;
      });
      client.on('ready', () => {
        if (down) opts.deps.log.info('socket adapter: redis is back');
        down = false;
      });
      await client.connect();
      const prefix = `sajha${io.path()}`;
      const adapterOf = createAdapter(client, {
        streamName: `${prefix}:stream`,
        channelPrefix: prefix,
        sessionKeyPrefix: `${prefix}:session:`,
      });
      // Own broadcasts reach this node's sockets in the stream's order too (see streamOrder.ts).
      io.adapter(inStreamOrderOf(adapterOf));
      closers.push(() => client.quit());
    }
  }

  // Online means at least one /real tab; counted by us (not by asking every node for its sockets).
  const failed = (err: unknown) => opts.deps.log.error({ err }, 'presence bookkeeping failed');
  // The first tab in and the last tab out change the member's presence.
  const count = (socket: IoSocket, online: boolean): void => {
    const uid = socket.data.user.uid;
    (online ? opts.deps.presence.add('online', uid) : opts.deps.presence.remove('online', uid))
      .then((changed) => (changed ? opts.deps.bus.publish('presence.changed', { userId: uid, online }) : undefined))
      .catch(failed);
  };
  const onlineCount: OnlineCount = {
    online: (socket) => count(socket, true),
    offline: (socket) => count(socket, false),
  };

  const wire = (io: IoServer, side: SocketSide, counted?: OnlineCount): void => {
    const { deps } = opts;
    const dispatch = dispatcher(side.handlers, { deps, log: deps.log, node: deps.lifecycle });
    const leaving = side.hooks.flatMap((h) => (h.disconnected ? [h.disconnected] : []));
    const arriving = side.hooks.flatMap((h) => (h.connected ? [h.connected] : []));
    // One listener per server (`this` is the socket), for the caps, (on /real) presence, and what the
    // areas kept for the socket: nothing per socket.
    const disconnected = function (this: IoSocket): void {
      // A recovered socket skipped the handshake (skipMiddlewares), so it was never counted.
      if (!this.recovered) release(guard, this, opts.deps.log);
      counted?.offline(this);
      for (const letGo of leaving) letGo(this, deps);
    };
    io.on('connection', (socket) => {
      if (socket.recovered) {
        // Its session may have ended while it was away (no node held the socket to disconnect it then).
        const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
        findSession(opts.deps.db, token)
          .then((auth) => (auth?.sessionId === socket.data.sessionId ? undefined : socket.disconnect(true)))
          .catch(() => socket.disconnect(true));
      }
      // Counted online, then listened to first: a socket closed by anything below still gives its place
      // back, and is counted offline after it was counted online.
      counted?.online(socket);
      socket.on('disconnect', disconnected);
      // The session's room: a revoked session's sockets are closed by room, through the adapter's
      // stream, which a node reconnecting to Redis still reads (a pub/sub notice would be lost).
      void socket.join([userRoom(socket.data.user.uid), sessionRoom(socket.data.sessionId)]);
      const boot = boots.get(socket) ?? { unreadNotifications: 0 };
      boots.delete(socket);
      for (const arrive of arriving) arrive(socket, boot, deps);
      socket.onAny(dispatch);
    });
    const stop = sweepExpired(io);
    closers.push(() => Promise.resolve(stop()));
  };
  wire(main, opts.main, onlineCount);
  wire(call, opts.call);

  // A revoked or expired session loses its sockets on every node at once.
  opts.deps.bus.subscribe('session.ended', ({ sessionIds }) => {
    // An empty list would address no room, which Socket.IO reads as every socket: never that.
    if (sessionIds.length === 0) return;
    for (const io of [main, call]) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  });

  return {
    main,
    call,
    async drain() {
      opts.deps.lifecycle.draining = true;
      // Accepted events finish, and their after-effects (a sent message's fan-out) go out.
      const finishAccepted = async () => {
        await settled(opts.deps.lifecycle, 5000);
        await opts.deps.bus.idle(5000);
      };
      await finishAccepted();
      for (const io of [main, call]) for (const socket of io.sockets.sockets.values()) socket.conn.close();
      // Events read just before the close are still being handled: a message stored then must still be
      // fanned out (through Redis) before the node lets go of its links, or its receiver, recovering on
      // another node, never gets it live. Their acks find the socket gone; the client resends and is
      // answered with the stored copy.
      await finishAccepted();
    },
    close() {
      // io.close() also closes the shared HTTP server; the app closes that itself, so only disconnect.
      // Only this node's sockets: with an adapter, io.disconnectSockets() reaches every node.
      main.local.disconnectSockets(true);
      call.local.disconnectSockets(true);
      main.engine.close();
      call.engine.close();
      return Promise.resolve();
    },
    async closeLinks() {
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}
