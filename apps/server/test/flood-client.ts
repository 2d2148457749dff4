/**
 * A flooding member in its own process (forked by fairness.test.ts), so the test's server process does
 * only the server's work, as in production where clients are elsewhere. Messages over IPC:
 *   in:  {type:'open', url, cookie, sockets}  {type:'start', event, args, perSecond}  {type:'stop'}
 *   out: {type:'ready'}  {type:'refusing'} (once, at the first refused event: the member's budget is spent)
 *        {type:'done', sent, accepted, refusals: string[] (distinct)}
 */
import { io, type Socket } from 'socket.io-client';

type Answer = { ok: boolean; error?: string };
interface Command {
  type: 'open' | 'start' | 'stop';
  url: string;
  cookie: string;
  sockets: number;
  event: string;
  args: unknown[];
  perSecond: number;
}

const sockets: Socket[] = [];
const answers: Answer[] = [];
let running = false;
let toldRefusing = false;
let loops: Promise<void>[] = [];

process.on('message', (msg: Command) => void handle(msg));

async function handle(msg: Command): Promise<void> {
  if (msg.type === 'open') {
    for (let i = 0; i < msg.sockets; i += 20) {
      const batch = Array.from({ length: Math.min(20, msg.sockets - i) }, () => {
        const s = io(msg.url, {
          path: '/real',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          extraHeaders: { cookie: msg.cookie },
        });
        return new Promise<Socket>((resolve, reject) => {
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
        });
      });
      sockets.push(...(await Promise.all(batch)));
    }
    process.send!({ type: 'ready' });
  } else if (msg.type === 'start') {
    // Each socket sends, waits for its answer, and sends again at most `perSecond` times a second: at most
    // one event in flight per socket, so the flood adapts to the server instead of queueing without bound.
    let n = 0;
    const gap = 1000 / msg.perSecond;
    running = true;
    loops = sockets.map(async (s) => {
      while (running) {
        const started = Date.now();
        n += 1;
        const args = JSON.parse(JSON.stringify(msg.args).replaceAll('{n}', String(n))) as unknown[];
        const answer = await new Promise<Answer>((resolve) => s.emit(msg.event, ...args, resolve));
        answers.push(answer);
        if (!answer.ok && !toldRefusing) {
          toldRefusing = true;
          process.send!({ type: 'refusing' });
        }
        const wait = gap - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    });
  } else if (msg.type === 'stop') {
    running = false;
    await Promise.all(loops);
    const settled = answers;
    const refused = settled.filter((a) => !a.ok);
    process.send!({
      type: 'done',
      sent: settled.length,
      accepted: settled.length - refused.length,
      refusals: [...new Set(refused.map((a) => a.error))],
    });
    for (const s of sockets) s.close();
    process.disconnect();
  }
}
