/** Garbage-collection pauses of one thread over a span: how many, their sum and the longest, in ms. */
export interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
  /** Bytes the thread allocated on its JS heap over the span (not Buffers' contents). */
  allocatedBytes: number;
}

/** Starts counting; each call of the returned function gives the pauses since the call before. */
export function gcPauseMeter(): () => GcPauses;
