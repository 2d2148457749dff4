/**
 * The one wrapper every inbound socket handler goes through: it refuses events of an expired session,
 * drops floods (per socket here, per member across sockets and nodes in the guard), runs the work in
 * the member's own fair line (guard.ts), parses the arguments
 * with the event's contract schema, catches every error and answers with `error {message}` (and the
 * ack, when the client asked for one). Nothing a client sends can throw out of here.
 */
import type { Logger } from 'pino';
import {
  clientAckSchemas,
  clientEventSchemas,
  Events,
  Messages,
  localizeText,
  type ClientAckInput,
  type ClientEventArgs,
  type ClientEventName,
} from '@sajha/contract';
import type { AppDeps } from '../deps.js';
import { roleOf, type ActionName, type Actor, type ResourceAction, type ResourceOf } from '../policy/authorize.js';
import { AppError, firstIssue } from '../platform/errors.js';
import type { Lifecycle } from '../platform/lifecycle.js';
import { guardOf } from './guard.js';
import type { IoSocket } from './types.js';

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

/** What a socket handler is given: the app, the socket it serves, who acts, and what it acts on. */
export interface SocketContext<R = undefined> {
  deps: AppDeps;
  socket: IoSocket;
  actor: Actor;
  /** The resource `load` found (and `authorize` allowed), for actions on one. */
  resource: R;
}

type Awaitable<T> = T | Promise<T>;

/**
 * One socket event's handler, as an area's manifest lists it: the contract event, the policy action it
 * performs, how to load the resource that action is on, and the work. The dispatcher runs, for every
 * event: parse with the contract schema -> load -> authorize(actor, action, resource) -> run -> ack.
 */
export interface SocketHandler {
  readonly event: ClientEventName;
  readonly action: ActionName | 'public';
  readonly load?: (args: never, ctx: SocketContext) => unknown;
  readonly run: (args: never, ctx: SocketContext<never>) => unknown;
  /** Also tells a refusal through the event the spec names for it (e.g. profile_update_error). */
  readonly onFail?: OnFail;
}

/** `raw`: the event's arguments as they came (unparsed when the refusal is that they did not parse). */
type OnFail = (socket: IoSocket, message: string, raw: readonly unknown[]) => void;

interface Options<A> {
  action: A;
  onFail?: OnFail;
}
/** What a handler returns: its ack's data (nothing, for events whose ack carries none). */
type AckOf<K extends ClientEventName> = [ClientAckInput<K>] extends [undefined] ? void : ClientAckInput<K>;
type Run<K extends ClientEventName, R> = (args: ClientEventArgs<K>, ctx: SocketContext<R>) => Awaitable<AckOf<K>>;

/** An action on a resource needs `load` (undefined: the area's "not found"); any other action has none. */
type Loader<K extends ClientEventName, A> = A extends ResourceAction
  ? { load: (args: ClientEventArgs<K>, ctx: SocketContext) => Awaitable<ResourceOf<A> | undefined> }
  : { load?: never };
type ResourceFor<A> = A extends ResourceAction ? NonNullable<ResourceOf<A>> : undefined;

export function on<K extends ClientEventName, A extends ActionName | 'public'>(
  event: K,
  options: Options<A> & Loader<K, A>,
  run: Run<K, ResourceFor<A>>,
): SocketHandler {
  // The handler's own types (its event's arguments, its action's resource) are checked here, at the call;
  // the dispatcher holds every event's handler alike.
  const handler: SocketHandler = { event, action: options.action, load: options.load, run, onFail: options.onFail };
  return handler;
}

/** Tells the client why its event was not done: `error`, the spec's own failure event, and the ack. */
function refuse(
  socket: IoSocket,
  event: string,
  message: string,
  ack: AckFn | undefined,
  onFail: SocketHandler['onFail'],
  raw: readonly unknown[],
): void {
  message = localizeText(socket.data.locale ?? 'en', message);
  socket.emit(Events.error, { message, event });
  onFail?.(socket, message, raw);
  if (ack) ack({ ok: false, error: message });
}

/** What the dispatcher needs from its app: the deps handlers are given (policy included), and the node's count. */
export interface DispatchOptions {
  deps: AppDeps;
  log: Logger;
  node: Pick<Lifecycle, 'inFlight'>;
}

/**
 * The one listener every socket of a server shares (added with `onAny`, which Socket.IO calls with the
 * socket as `this`, the event's name, its arguments and its ack): looks the event up in the areas'
 * handlers and runs it through `handle`. A socket keeps no handler of its own, however many events it
 * sends (a registration per event per socket was ~22 KB a socket once it had sent anything). Events no
 * handler names are left alone, as Socket.IO leaves an event nobody listens to. Events awaiting their ack
 * are counted, so a drain lets them finish before it closes the socket.
 */
export function dispatcher(
  handlers: readonly SocketHandler[],
  opts: DispatchOptions,
): (this: IoSocket, event: string, ...raw: unknown[]) => void {
  const routes = new Map<string, SocketHandler>();
  for (const h of handlers) {
    if (routes.has(h.event)) throw new Error(`two socket handlers for ${h.event}`);
    if (h.action !== 'public' && !opts.deps.policy.knows(h.action)) {
      throw new Error(`socket handler ${h.event} names ${h.action}, which no area's policy declares`);
    }
    routes.set(h.event, h);
  }
  const { node } = opts;
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
    const timed = opts.deps.metrics.timeSocketEvent(event);
    void handle(this, event as ClientEventName, route, opts, raw).finally(timed);
  };
}

async function handle(
  socket: IoSocket,
  event: ClientEventName,
  route: SocketHandler,
  opts: DispatchOptions,
  raw: unknown[],
): Promise<void> {
  const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as AckFn) : undefined;
  // The expiry timer disconnects at the session's end; this covers an event racing it.
  if (Date.now() >= socket.data.expiresAt) {
    refuse(socket, event, Messages.server.unauthorized, ack, route.onFail, raw);
    socket.disconnect(true);
    return;
  }
  const guard = guardOf(socket);
  if (!budgetOf(socket, guard?.limits.eventsPerMemberPerSecond).take()) {
    return refuse(socket, event, Messages.server.rateLimited, ack, route.onFail, raw);
  }
  const uid = socket.data.user.uid;
  try {
    if (guard && !(await guard.event(uid)))
      return refuse(socket, event, Messages.server.rateLimited, ack, route.onFail, raw);
    const parsed = clientEventSchemas[event].safeParse(raw);
    if (!parsed.success) return refuse(socket, event, firstIssue(parsed.error), ack, route.onFail, raw);
    const work = () => serve(socket, route, opts.deps, parsed.data as never);
    const done = guard ? await guard.serve(uid, work) : { value: await work() };
    if (!done) return refuse(socket, event, Messages.server.rateLimited, ack, route.onFail, raw);
    // Tests check every ack against its contract schema: a handler answering off-contract fails loudly.
    if (opts.deps.config.checkAnswers) checkAnswer(event, done.value);
    if (ack) ack({ ok: true, data: done.value });
  } catch (err) {
    if (err instanceof AppError) return refuse(socket, event, err.message, ack, route.onFail, raw);
    opts.log.error({ err, event, user: uid }, 'socket handler failed');
    refuse(socket, event, Messages.server.internal, ack, route.onFail, raw);
  }
}

/** load -> authorize -> run, in the member's fair line. */
async function serve(socket: IoSocket, route: SocketHandler, deps: AppDeps, args: never): Promise<unknown> {
  const actor: Actor = {
    id: socket.data.user.uid,
    role: roleOf(socket.data.email, socket.data.role, deps.config.adminEmails),
  };
  const ctx: SocketContext<unknown> = { deps, socket, actor, resource: undefined };
  if (route.load) ctx.resource = await route.load(args, ctx as SocketContext);
  if (route.action !== 'public') {
    await deps.policy.authorize(ctx.actor, route.action, ctx.resource as ResourceOf<typeof route.action>);
  }
  return route.run(args, ctx as SocketContext<never>);
}

/** Tests: an ack that does not match its contract schema is a defect of the handler, said loudly. */
function checkAnswer(event: ClientEventName, value: unknown): void {
  const schema = (
    clientAckSchemas as Partial<
      Record<ClientEventName, { safeParse(v: unknown): { success: boolean; error?: unknown } }>
    >
  )[event];
  if (!schema) return;
  const checked = schema.safeParse(value);
  if (!checked.success)
    throw new Error(`the ack of ${event} does not match its contract schema: ${String(checked.error)}`);
}
