// Garbage-collection pauses of the calling thread, counted from the meter's start, and the bytes its code
// allocated on the JS heap meanwhile. Plain JS so the database worker (pglite-worker.mjs) can load it beside
// itself, in src/db and in dist/ alike; the chat bench meters the server's own thread with it too.
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * Bytes allocated on this thread's heap over a span: what the heap grew by between collections (each
 * collection's heap before it, less the heap after the one before), plus the growth since the last. V8's
 * GCProfiler reports both sides of every collection. Off-heap memory (Buffers' contents) is not counted.
 */
function allocationMeter() {
  let profiler = new v8.GCProfiler();
  let startUsed = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return () => {
    const { statistics } = profiler.stop();
    const endUsed = v8.getHeapStatistics().used_heap_size;
    let allocated = 0;
    let after = startUsed;
    for (const gc of statistics) {
      allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - after);
      after = gc.afterGC.heapStatistics.usedHeapSize;
    }
    allocated += Math.max(0, endUsed - after);
    profiler = new v8.GCProfiler();
    startUsed = v8.getHeapStatistics().used_heap_size;
    profiler.start();
    return allocated;
  };
}

/** Starts counting; each call of the returned function gives the pauses (and allocation) since the call before. */
export function gcPauseMeter() {
  let pauses = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      pauses.count += 1;
      pauses.totalMs += e.duration;
      pauses.maxMs = Math.max(pauses.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const allocated = allocationMeter();
  return () => {
    const taken = { ...pauses, allocatedBytes: allocated() };
    pauses = { count: 0, totalMs: 0, maxMs: 0 };
    return taken;
  };
}
