/**
 * The two Socket.IO servers on one HTTP server: /real (everything but calls) and /realcall (call
 * signalling). Websocket only. The session cookie authenticates at handshake; each socket joins
 * `user:{id}` so any node can reach every tab of a user. With REDIS_URL, the Redis adapter links nodes.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import type { Logger } from 'pino';
import { SOCKET_PATHS } from '@sajha/contract';
import type { Db } from '../db/client.js';
import type { EventBus } from '../events/bus.js';
import { findSession, readCookie, SESSION_COOKIE } from '../platform/sessions.js';
import { presentCurrentUser } from '../platform/current-user.js';
import { isAllowedOrigin } from '../platform/origin.js';
import type { Presence } from '../platform/presence.js';
import { sessionRoom, userRoom, type IoServer, type IoSocket } from './types.js';

declare module '../events/bus.js' {
  interface DomainEvents {
    /** A member's first tab connected (online) or last tab closed (offline), across every node. */
    'presence.changed': { userId: string; online: boolean };
  }
}

export interface SocketModule {
  /** Called once per authenticated connection; registers the area's handlers with `on(...)`. */
  register(socket: IoSocket): void;
}

export interface Realtime {
  main: IoServer;
  call: IoServer;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  httpServer: HttpServer;
  db: Db;
  log: Logger;
  publicUrl: string;
  redisUrl?: string | undefined;
  bus: EventBus;
  presence: Presence;
  mainModules: SocketModule[];
  callModules: SocketModule[];
}

function createServer(opts: RealtimeOptions, path: string): IoServer {
  const io: IoServer = new Server(opts.httpServer, {
    path,
    transports: ['websocket'],
    serveClient: false,
    destroyUpgrade: false,
    maxHttpBufferSize: 1_000_000,
    connectTimeout: 20_000,
    allowRequest: (req: IncomingMessage, cb) =>
      cb(null, isAllowedOrigin(req.headers.origin, req.headers.host, opts.publicUrl)),
  });
  io.use((socket, next) => {
    const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
    findSession(opts.db, token)
      .then((auth) => {
        if (!auth) return next(new Error('unauthorized'));
        socket.data.user = presentCurrentUser(auth.user);
        socket.data.sessionId = auth.sessionId;
        next();
      })
      .catch((err: unknown) => {
        opts.log.error({ err }, 'socket auth failed');
        next(new Error('unavailable'));
      });
  });
  return io;
}

export async function createRealtime(opts: RealtimeOptions): Promise<Realtime> {
  const main = createServer(opts, SOCKET_PATHS.main);
  const call = createServer(opts, SOCKET_PATHS.call);
  const closers: (() => Promise<unknown>)[] = [];

  if (opts.redisUrl) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const { Redis } = await import('ioredis');
    for (const io of [main, call]) {
      const pub = new Redis(opts.redisUrl, { lazyConnect: true });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub, { key: `sajha${io.path()}` }));
      closers.push(
        () => pub.quit(),
        () => sub.quit(),
      );
    }
  }

  const wire = (io: IoServer, modules: SocketModule[]): void => {
    io.on('connection', (socket) => {
      void socket.join([userRoom(socket.data.user.uid), sessionRoom(socket.data.sessionId)]);
      for (const m of modules) m.register(socket);
    });
  };
  wire(main, opts.mainModules);
  wire(call, opts.callModules);

  // Online means at least one /real tab; counted by us (not by asking every node for its sockets).
  const failed = (err: unknown) => opts.log.error({ err }, 'presence bookkeeping failed');
  main.on('connection', (socket) => {
    const uid = socket.data.user.uid;
    opts.presence
      .add('online', uid)
      .then((first) => (first ? opts.bus.publish('presence.changed', { userId: uid, online: true }) : undefined))
      .catch(failed);
    socket.on('disconnect', () => {
      opts.presence
        .remove('online', uid)
        .then((last) => (last ? opts.bus.publish('presence.changed', { userId: uid, online: false }) : undefined))
        .catch(failed);
    });
  });

  // A revoked or expired session loses its sockets on every node at once.
  opts.bus.subscribe('session.ended', ({ sessionIds }) => {
    // An empty list would address no room, which Socket.IO reads as every socket: never that.
    if (sessionIds.length === 0) return;
    for (const io of [main, call]) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  });

  return {
    main,
    call,
    async close() {
      // io.close() also closes the shared HTTP server; the app closes that itself, so only disconnect.
      main.disconnectSockets(true);
      call.disconnectSockets(true);
      main.engine.close();
      call.engine.close();
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}
