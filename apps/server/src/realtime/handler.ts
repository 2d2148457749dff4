/**
 * The one wrapper every inbound socket handler goes through: it refuses events of an expired session,
 * drops floods (per socket here, per member across sockets and nodes in the guard), runs the work in
 * the member's own fair line (guard.ts), parses the arguments
 * with the event's contract schema, catches every error and answers with `error {message}` (and the
 * ack, when the client asked for one). Nothing a client sends can throw out of here.
 */
import type { Logger } from 'pino';
import { clientEventSchemas, Events, Messages, type ClientEventArgs, type ClientEventName } from '@sajha/contract';
import { AppError, firstIssue } from '../platform/errors.js';
import type { Lifecycle } from '../platform/lifecycle.js';
import { guardOf } from './guard.js';
import type { IoSocket } from './types.js';

export type Handler<K extends ClientEventName> = (args: ClientEventArgs<K>, socket: IoSocket) => unknown;

type AckFn = (answer: { ok: true; data?: unknown } | { ok: false; error: string }) => void;

/** A token bucket per socket: bursts are fine, a sustained flood is answered and dropped. */
export class EventBudget {
  private tokens: number;
  private last = Date.now();
  constructor(
    private readonly perSecond = 30,
    private readonly burst = 60,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

const budgets = new WeakMap<IoSocket, EventBudget>();

/** A socket's own bucket runs at the member's configured rate (the member budget spans all their sockets). */
function budgetOf(socket: IoSocket, perSecond = 30): EventBudget {
  let b = budgets.get(socket);
  if (!b) {
    b = new EventBudget(perSecond, perSecond * 2);
    budgets.set(socket, b);
  }
  return b;
}

/** A handler that also tells a refusal through the event the spec names for it (e.g. profile_update_error). */
export interface WithFailure<K extends ClientEventName> {
  handler: Handler<K>;
  onFail: (socket: IoSocket, message: string) => void;
}
/** An area's socket handlers: one table per server, each handler given the socket it serves. */
export type Handlers = { [K in ClientEventName]?: Handler<K> | WithFailure<K> };

/** One event's entry in the dispatcher: its handler, and its failure event if the spec names one. */
type Route<K extends ClientEventName> = Pick<WithFailure<K>, 'handler'> & Partial<Pick<WithFailure<K>, 'onFail'>>;

/** Tells the client why its event was not done: `error`, the spec's own failure event, and the ack. */
function refuse(
  socket: IoSocket,
  event: string,
  message: string,
  ack: AckFn | undefined,
  onFail: Route<ClientEventName>['onFail'],
): void {
  socket.emit(Events.error, { message, event });
  onFail?.(socket, message);
  if (ack) ack({ ok: false, error: message });
}

/**
 * The one listener every socket of a server shares (added with `onAny`, which Socket.IO calls with the
 * socket as `this`, the event's name, its arguments and its ack): looks the event up in the areas'
 * tables and runs it through `handle`. A socket keeps no handler of its own, however many events it
 * sends (a registration per event per socket was ~22 KB a socket once it had sent anything). Events no
 * table names are left alone, as Socket.IO leaves an event nobody listens to. Events awaiting their ack
 * are counted, so a drain lets them finish before it closes the socket.
 */
export function dispatcher(
  tables: Handlers[],
  log: Logger,
  node: Pick<Lifecycle, 'inFlight'>,
): (this: IoSocket, event: string, ...raw: unknown[]) => void {
  const routes = new Map<string, Route<ClientEventName>>();
  for (const table of tables) {
    for (const [event, entry] of Object.entries(table) as [
      ClientEventName,
      Handler<ClientEventName> | WithFailure<ClientEventName>,
    ][]) {
      if (routes.has(event)) throw new Error(`two socket handlers for ${event}`);
      routes.set(event, typeof entry === 'function' ? { handler: entry } : entry);
    }
  }
  return function (this: IoSocket, event: string, ...raw: unknown[]): void {
    const route = routes.get(event);
    if (!route) return;
    const ack = raw[raw.length - 1];
    if (typeof ack === 'function') {
      node.inFlight++;
      let done = false;
      raw[raw.length - 1] = (...answer: unknown[]) => {
        if (!done) node.inFlight--;
        done = true;
        (ack as (...a: unknown[]) => void)(...answer);
      };
    }
    void handle(this, event as ClientEventName, route, log, raw);
  };
}

async function handle<K extends ClientEventName>(
  socket: IoSocket,
  event: K,
  route: Route<K>,
  log: Logger,
  raw: unknown[],
): Promise<void> {
  const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as AckFn) : undefined;
  // The expiry timer disconnects at the session's end; this covers an event racing it.
  if (Date.now() >= socket.data.expiresAt) {
    refuse(socket, event, Messages.server.unauthorized, ack, route.onFail);
    socket.disconnect(true);
    return;
  }
  const guard = guardOf(socket);
  if (!budgetOf(socket, guard?.limits.eventsPerMemberPerSecond).take()) {
    return refuse(socket, event, Messages.server.rateLimited, ack, route.onFail);
  }
  const uid = socket.data.user.uid;
  try {
    if (guard && !(await guard.event(uid)))
      return refuse(socket, event, Messages.server.rateLimited, ack, route.onFail);
    const parsed = clientEventSchemas[event].safeParse(raw);
    if (!parsed.success) return refuse(socket, event, firstIssue(parsed.error), ack, route.onFail);
    const args = parsed.data as ClientEventArgs<K>;
    const done = guard
      ? await guard.serve(uid, async () => await route.handler(args, socket))
      : { value: await route.handler(args, socket) };
    if (!done) return refuse(socket, event, Messages.server.rateLimited, ack, route.onFail);
    if (ack) ack({ ok: true, data: done.value });
  } catch (err) {
    if (err instanceof AppError) return refuse(socket, event, err.message, ack, route.onFail);
    log.error({ err, event, user: uid }, 'socket handler failed');
    refuse(socket, event, Messages.server.internal, ack, route.onFail);
  }
}
