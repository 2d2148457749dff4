/**
 * Where this node is in its life: serving, or draining before it exits (SIGTERM). Readiness answers
 * from it, so a load balancer stops sending new work here while sockets and requests finish.
 */
export interface Lifecycle {
  draining: boolean;
  /** Socket events accepted but not yet answered; a drain waits for them before closing sockets. */
  inFlight: number;
}

export function createLifecycle(): Lifecycle {
  return { draining: false, inFlight: 0 };
}

/** Resolves once nothing is in flight, or after `timeoutMs` (a stuck handler cannot hold the exit). */
export async function settled(life: Lifecycle, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (life.inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}
