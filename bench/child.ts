/**
 * A server under measurement in a child process of its own (so the clients' memory and garbage stay in
 * the parent), and a wait for the next message of a given type from it. Used by the benches that keep
 * their servers apart from their clients (sockets.ts, chat.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface Child<M extends { type: string }> {
  child: ChildProcess;
  /** The child's next message of this type; rejects if the child has exited or exits first. */
  next: <T extends M['type']>(type: T) => Promise<Extract<M, { type: T }>>;
}

/** Runs `file` with `args` under tsx and `flags`; `label` names it in errors. */
export function forkChild<M extends { type: string }>(
  file: string,
  args: string[],
  flags: string[],
  label: string,
): Child<M> {
  const child = fork(file, args, { execArgv: ['--import', 'tsx', ...flags] });
  let exited = false;
  child.once('exit', () => (exited = true));
  const next = <T extends M['type']>(type: T) =>
    new Promise<Extract<M, { type: T }>>((resolve, reject) => {
      if (exited) return reject(new Error(`${label} has exited`));
      const onExit = (code: number | null) => reject(new Error(`${label} exited (${code})`));
      const on = (m: M) => {
        if (m.type !== type) return;
        child.off('message', on);
        child.off('exit', onExit);
        resolve(m as Extract<M, { type: T }>);
      };
      child.on('message', on);
      child.once('exit', onExit);
    });
  return { child, next };
}
