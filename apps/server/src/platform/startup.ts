/** Start-up checks that turn a bad setting into one clear line (see StartupError) instead of a stack. */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from './errors.js';

/** DATA_DIR holds the embedded database, mail outbox and media: it must exist (or be creatable) and take writes. */
export async function checkDataDir(dir: string): Promise<void> {
  const probe = path.join(dir, `.write-test-${randomUUID()}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, 'ok');
    await rm(probe);
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new StartupError(
      `DATA_DIR: ${dir} is not a writable folder (${why}): give the user running Sajha write access to it, or set DATA_DIR to a writable folder.`,
    );
  }
}

/** Runs one start-up step; a StartupError ends the process with its one line on stderr and exit code 1. */
export async function orExit<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    process.stderr.write(`Sajha cannot start: ${err.message}\n`);
    process.exit(1);
  }
}
