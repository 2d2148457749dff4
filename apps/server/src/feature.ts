/**
 * A feature's manifest: everything an area adds to the app, in one definition its `index.ts` exports,
 * so app.ts iterates one list and a newcomer reads one file to see what an area does.
 *
 *   export default defineFeature({
 *     name: 'posts',
 *     policy: postsPolicy,                                   // its actions and who may do them
 *     http: [route(Routes.createPost, { action: 'post.create', auth: 'required' }, create)],
 *     socket: [on(Events.likePost, { action: 'post.like', load: loadPost }, toggleLike)],
 *     on: { 'post.mutated': showMutation },                  // facts -> room emits (publish.ts)
 *     jobs: { 'post.link-preview': { work: fillPreview } },
 *     account: { tables: ['posts', 'post_media'], exportAccount, deleteAccount },
 *   });
 */
import type { Locale } from '@sajha/contract';
import type { AppDeps } from './deps.js';
import type { DomainEventName, DomainEvents } from './events/bus.js';
import type { HttpRoute } from './http/route.js';
import type { JobMap, JobName, WorkOptions } from './platform/jobs.js';
import type { AreaPolicy } from './policy/authorize.js';
import type { SocketHandler } from './realtime/handler.js';
import type { IoServer, IoSocket, SocketBoot } from './realtime/types.js';
import type { PageHead } from './web/page-head.js';

/** Where a page of rows continues: after the last one's (created_at, id). */
export interface Cursor {
  at: Date;
  id: string;
}
/** A row as exported, with the two keyset fields the pager orders by (left out of the file). */
export type PageRow = Record<string, unknown> & { _at: Date; _id: string };

/** What an area's `exportAccount` hook writes into the member's export (account.ts builds the zip). */
export interface AccountExport {
  /** A JSON file of one value (small things: a profile, settings). */
  json(path: string, kind: string, value: unknown): void;
  /** A JSON array read a page at a time (keyset on created_at, id): never held whole in memory. */
  rows(path: string, kind: string, page: (after: Cursor | null) => Promise<PageRow[]>): void;
  /** One of the member's stored files. */
  file(
    path: string,
    kind: string,
    storageKey: string,
    meta: { originalName?: string; mime?: string; bytes?: number },
  ): void;
}

/** What bus listeners and start hooks are given: the app, and both socket servers to emit to. */
export interface FeatureContext {
  deps: AppDeps;
  io: { main: IoServer; call: IoServer };
}

type Listener<K extends DomainEventName> = (payload: DomainEvents[K], ctx: FeatureContext) => unknown;
export type Listeners = { [K in DomainEventName]?: Listener<K> | readonly Listener<K>[] };

export interface JobDef<K extends JobName> {
  work: (data: JobMap[K], deps: AppDeps) => Promise<unknown>;
  options?: WorkOptions;
  /** A cron schedule (in TIME_ZONE) that sends this job once per tick across the cluster. */
  cron?: { schedule: string; data: JobMap[K] };
}
export type JobDefs = { [K in JobName]?: JobDef<K> };

/**
 * The area's part of a member's account. `tables` names every table of the area that holds a member's
 * id (the catalogue test fails on a table no area names). Deletion runs every area's hook in one job that
 * survives a restart, so each hook is idempotent: run twice, it finds nothing left the second time.
 */
export interface AccountHooks {
  tables: readonly string[];
  /** Adds the member's own data of this area to their export. */
  exportAccount?: (deps: AppDeps, userId: string, out: AccountExport) => void | Promise<void>;
  /** Removes or anonymises what the area holds of the member (files: return their storage keys). */
  deleteAccount?: (deps: AppDeps, userId: string) => Promise<void>;
}

/** A socket server's lifecycle hooks for an area. */
export interface SocketHooks {
  /** Work due at connection itself (the first paint's badge), from what the handshake loaded. */
  connected?: (socket: IoSocket, boot: SocketBoot, deps: AppDeps) => void;
  /** The socket closed: what the area kept for it is let go. */
  disconnected?: (socket: IoSocket, deps: AppDeps) => void;
}

export interface Feature {
  name: string;
  policy?: AreaPolicy<never>;
  http?: readonly HttpRoute[];
  /** Handlers on /real. */
  socket?: readonly SocketHandler[];
  /** Handlers on /realcall. */
  callSocket?: readonly SocketHandler[];
  sockets?: SocketHooks;
  callSockets?: SocketHooks;
  /** Bus subscriptions: facts this area acts on (emits to rooms, notices, cache drops). */
  on?: Listeners;
  jobs?: JobDefs;
  account?: AccountHooks;
  /**
   * What a served app page says about itself in its <head> (title, description, Open Graph) for the paths
   * this area owns, e.g. a shared post's link preview; null when the path is not this area's or the
   * visitor may not see what it names.
   */
  pageHead?: (deps: AppDeps, page: { pathname: string; locale: Locale }) => Promise<PageHead | null>;
  /** Started once the app is ready (after routes, sockets and jobs); returns its stopper. */
  start?: (ctx: FeatureContext) => Promise<(() => void) | void>;
  /** On shutdown, once no socket is left: what the area holds in memory is written (before jobs and the database stop). */
  flush?: (deps: AppDeps) => Promise<void>;
}

export function defineFeature<F extends Feature>(feature: F): F {
  return feature;
}
