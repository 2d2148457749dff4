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

export function on<K extends ClientEventName>(
  socket: IoSocket,
  event: K,
  handler: Handler<K>,
  log: Logger,
  options: OnOptions = {},
): void {
  const schema = clientEventSchemas[event];
  const listener = async (...raw: unknown[]): Promise<void> => {
    const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as AckFn) : undefined;
    const fail = (message: string): void => {
      socket.emit(Events.error, { message, event });
      options.onFail?.(message);
      if (ack) ack({ ok: false, error: message });
    };
    // The expiry timer disconnects at the session's end; this covers an event racing it.
    if (Date.now() >= socket.data.expiresAt) {
      fail(Messages.server.unauthorized);
      socket.disconnect(true);
      return;
    }
    const guard = guardOf(socket);
    if (!budgetOf(socket, guard?.limits.eventsPerMemberPerSecond).take()) return fail(Messages.server.rateLimited);
    const uid = socket.data.user.uid;
    try {
      if (guard && !(await guard.event(uid))) return fail(Messages.server.rateLimited);
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return fail(firstIssue(parsed.error));
      const args = parsed.data as ClientEventArgs<K>;
      const run = async () => await handler(args, socket);
      const done = guard ? await guard.serve(uid, run) : { value: await run() };
      if (!done) return fail(Messages.server.rateLimited);
      if (ack) ack({ ok: true, data: done.value });
    } catch (err) {
      if (err instanceof AppError) return fail(err.message);
      log.error({ err, event, user: uid }, 'socket handler failed');
      fail(Messages.server.internal);
    }
  };
  (socket as unknown as { on(e: string, l: (...a: unknown[]) => void): void }).on(event, (...raw) => {
    void listener(...raw);
  });
}
