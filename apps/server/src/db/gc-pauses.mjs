// Garbage-collection pauses of the calling thread, counted from the meter's start. Plain JS so the
// database worker (pglite-worker.mjs) can load it beside itself, in src/db and in dist/ alike; the chat
// bench meters the server's own thread with it too.
import { PerformanceObserver } from 'node:perf_hooks';

/** Starts counting; each call of the returned function gives the pauses since the call before. */
export function gcPauseMeter() {
  let pauses = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      pauses.count += 1;
      pauses.totalMs += e.duration;
      pauses.maxMs = Math.max(pauses.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  return () => {
    const taken = pauses;
    pauses = { count: 0, totalMs: 0, maxMs: 0 };
    return taken;
  };
}
