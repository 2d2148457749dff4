import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

/** Logs one line through loggerOptions() in a child process (a transport runs in a worker thread). */
async function logLine(pretty: boolean): Promise<string> {
  const script = `
    import pino from 'pino';
    import { loggerOptions } from ${JSON.stringify(path.join(here, 'logger.ts'))};
    const log = pino(loggerOptions('info', ${pretty}));
    log.info({ user: 'asha', password: 'hunter22' }, 'signed in');
    log.flush?.();
    setTimeout(() => process.exit(0), 300);
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.join(here, '../..'),
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return stdout;
}

describe('log output', () => {
  it('is one JSON object per line when stdout is not a terminal', async () => {
    const out = await logLine(false);
    const line = JSON.parse(out.trim()) as Record<string, unknown>;
    expect(line.msg).toBe('signed in');
    expect(line.password).toBe('[redacted]');
  });

  it('is human-readable (pino-pretty) for a terminal, and still redacts secrets', async () => {
    const out = await logLine(true);
    expect(out).toMatch(/INFO.*signed in/);
    expect(() => JSON.parse(out.trim()) as unknown).toThrow();
    expect(out).toContain('[redacted]');
    expect(out).not.toContain('hunter22');
  });
});
