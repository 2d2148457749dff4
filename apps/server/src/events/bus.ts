/**
 * The typed in-process event bus. Services publish facts ("a message was sent", "a post was edited")
 * and never touch sockets; areas subscribe through their manifests (`on`) and turn facts into emits to
 * the rooms that care, or into notices. Every fact is declared once, in map.ts.
 */
import type { Logger } from 'pino';
import { Aftermath } from './aftermath.js';
import type { DomainEventName, DomainEvents } from './map.js';

export type { DomainEventName, DomainEvents } from './map.js';
type Listener<K extends DomainEventName> = (payload: DomainEvents[K]) => unknown;

export interface PublishOptions {
  /** The member whose action this fact comes from: the listeners' work counts against their share. */
  by?: string | undefined;
}

export class EventBus {
  private readonly listeners = new Map<DomainEventName, Listener<never>[]>();
  /** Publishes whose listeners are still running (a draining node lets them finish before it exits). */
  private readonly running = new Set<Promise<unknown>>();
  /** Listener work per member, for the socket guard (realtime/guard.ts). */
  readonly aftermath = new Aftermath();

  constructor(private readonly log: Logger) {}

  subscribe<K extends DomainEventName>(name: K, listener: Listener<K>): () => void {
    const list = (this.listeners.get(name) ?? []) as Listener<K>[];
    list.push(listener);
    this.listeners.set(name, list);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /**
   * Runs every listener; one that throws or rejects is logged and never reaches the publisher. The
   * promise settles when all listeners have; publishers that need not wait call it with `void`.
   */
  async publish<K extends DomainEventName>(name: K, payload: DomainEvents[K], opts?: PublishOptions): Promise<void> {
    const list = (this.listeners.get(name) ?? []) as Listener<K>[];
    // Most facts have one listener: its promise alone, without a Promise.all around it.
    const done =
      list.length === 1 ? this.run(name, list[0]!, payload) : Promise.all(list.map((l) => this.run(name, l, payload)));
    // Counted against the member whose action published it (realtime/guard.ts).
    if (opts?.by) this.aftermath.note(opts.by, done);
    this.running.add(done);
    try {
      await done;
    } finally {
      this.running.delete(done);
    }
  }

  private async run<K extends DomainEventName>(
    name: K,
    listener: Listener<K>,
    payload: DomainEvents[K],
  ): Promise<void> {
    try {
      await listener(payload);
    } catch (err) {
      this.log.error({ err, event: name }, 'event listener failed');
    }
  }

  /**
   * Resolves once every publish under way has run its listeners (those they start in turn included), or
   * after `timeoutMs`: the fan-out of a message acked just before a drain still reaches its receivers.
   */
  async idle(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.running.size > 0 && Date.now() < until) {
      const left = until - Date.now();
      await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, left))]);
    }
  }
}
