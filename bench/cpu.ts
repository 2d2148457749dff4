/**
 * CPU time by thread and by process, read from Linux's /proc (utime + stime, in clock ticks of 10 ms;
 * a capacity run's tens of thousands of messages make that fine enough). Used by bench/chat.ts to say
 * where each message's CPU goes when the servers run apart from their clients: the server's own thread,
 * its database (PGlite's worker thread, or PostgreSQL's backend processes), its other threads (V8's GC
 * helpers, libuv's pool) and the clients. Everything a message costs on this machine's cores is in one of
 * those, which is what bounds the capacity of each design on it.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: 100 on every Linux the benches run on (x86_64 and arm64). */
const MS_PER_TICK = 10;

/** utime + stime of a /proc stat line, in ms (fields 14 and 15; the name in parentheses may hold spaces). */
function cpuOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Each thread of this process (by thread id) and its CPU so far, in ms. Empty where /proc is not there. */
export function threadCpu(): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      out.set(Number(tid), cpuOfStat(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** The whole CPU so far of each process in `pids`, in ms (a process that has gone counts 0). */
export function processCpu(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      out.set(pid, 0);
    }
  }
  return out;
}

/** A server's CPU so far, in ms: its main thread, its database's threads and processes, its other threads. */
export interface ServerCpu {
  main: number;
  databaseThreads: number;
  /** PostgreSQL's backends by process id (they come and go with the pools' connections). */
  backends: Record<string, number>;
  other: number;
}

/**
 * Reads a server's CPU so far, in its own process: `dbThreads` are the threads its database runs on
 * (PGlite's worker), the thread whose id is the process id is the main thread, the rest are "other";
 * `dbProcesses` are PostgreSQL's backends for its database.
 */
export function serverCpu(dbThreads: Set<number>, dbProcesses: number[]): ServerCpu {
  const split: ServerCpu = { main: 0, databaseThreads: 0, backends: {}, other: 0 };
  for (const [tid, ms] of threadCpu()) {
    if (tid === process.pid) split.main += ms;
    else if (dbThreads.has(tid)) split.databaseThreads += ms;
    else split.other += ms;
  }
  for (const [pid, ms] of processCpu(dbProcesses)) split.backends[pid] = ms;
  return split;
}

/** What a server spent between two readings, in ms; a backend gone by the second reading counts nothing. */
export function spentBetween(before: ServerCpu, after: ServerCpu): { main: number; database: number; other: number } {
  let backends = 0;
  for (const [pid, ms] of Object.entries(after.backends)) if (ms > 0) backends += ms - (before.backends[pid] ?? 0);
  return {
    main: after.main - before.main,
    database: after.databaseThreads - before.databaseThreads + backends,
    other: after.other - before.other,
  };
}
