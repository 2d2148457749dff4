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

export interface OnOptions {
  /** Also tell the client through the event the spec names for this failure (e.g. profile_update_error). */
  onFail?: (message: string) => void;
}

/** Tells the client why its event was not done: `error`, the spec's own failure event, and the ack. */
function refuse(socket: IoSocket, event: string, message: string, ack: AckFn | undefined, options: OnOptions): void {
  socket.emit(Events.error, { message, event });
  options.onFail?.(message);
  if (ack) ack({ ok: false, error: message });
}

/** The default options: one object for every registration, not one per event per socket. */
const NO_OPTIONS: OnOptions = {};

/**
 * Registers `handler` for `event` on this socket. What the socket keeps per event is one small
 * closure (with `event`, `handler`, `log`, `options`); the work is in `handle`, shared by all.
 */
export function on<K extends ClientEventName>(
  socket: IoSocket,
  event: K,
  handler: Handler<K>,
  log: Logger,
  options: OnOptions = NO_OPTIONS,
): void {
  (socket as unknown as { on(e: string, l: (this: IoSocket, ...a: unknown[]) => void): void }).on(
    event,
    function (this: IoSocket, ...raw: unknown[]) {
      void handle(this, event, handler, log, options, raw);
    },
  );
}

async function handle<K extends ClientEventName>(
  socket: IoSocket,
  event: K,
  handler: Handler<K>,
  log: Logger,
  options: OnOptions,
  raw: unknown[],
): Promise<void> {
  const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as AckFn) : undefined;
  // The expiry timer disconnects at the session's end; this covers an event racing it.
  if (Date.now() >= socket.data.expiresAt) {
    refuse(socket, event, Messages.server.unauthorized, ack, options);
    socket.disconnect(true);
    return;
  }
  const guard = guardOf(socket);
  if (!budgetOf(socket, guard?.limits.eventsPerMemberPerSecond).take()) {
    return refuse(socket, event, Messages.server.rateLimited, ack, options);
  }
  const uid = socket.data.user.uid;
  try {
    if (guard && !(await guard.event(uid))) return refuse(socket, event, Messages.server.rateLimited, ack, options);
    const parsed = clientEventSchemas[event].safeParse(raw);
    if (!parsed.success) return refuse(socket, event, firstIssue(parsed.error), ack, options);
    const args = parsed.data as ClientEventArgs<K>;
    const done = guard
      ? await guard.serve(uid, async () => await handler(args, socket))
      : { value: await handler(args, socket) };
    if (!done) return refuse(socket, event, Messages.server.rateLimited, ack, options);
    if (ack) ack({ ok: true, data: done.value });
  } catch (err) {
    if (err instanceof AppError) return refuse(socket, event, err.message, ack, options);
    log.error({ err, event, user: uid }, 'socket handler failed');
    refuse(socket, event, Messages.server.internal, ack, options);
  }
}
