/**
 * The work an action sets off after it answers (the bus listeners of the facts it published: fan-out,
 * unread counts, push and mail queues), collected for whoever ran the action. The socket guard holds a
 * member's place in their line until that work is done too, so a flood cannot push its after-effects
 * onto the database past the member's share. Work outside `collectAftermath` (HTTP, jobs) is not tracked.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<Promise<unknown>[]>();

/** Runs `fn`; `pending` receives every aftermath it (or anything it awaits) starts. */
export function collectAftermath<T>(pending: Promise<unknown>[], fn: () => Promise<T>): Promise<T> {
  return current.run(pending, fn);
}

/** Called by the bus for each publish. */
export function noteAftermath(work: Promise<unknown>): void {
  current.getStore()?.push(work);
}
