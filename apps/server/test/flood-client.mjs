/**
 * A flooding member in its own process (forked by fairness.test.ts), so the test's server process does
 * only the server's work, as in production where clients are elsewhere. Messages over IPC:
 *   in:  {type:'open', url, cookie, sockets}  {type:'start', event, args, perSecond}  {type:'stop'}
 *   out: {type:'ready'}  {type:'done', sent, accepted, refusals: string[] (distinct)}
 */
import { io } from 'socket.io-client';

const sockets = [];
const answers = [];
let timer;

process.on('message', async (msg) => {
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
        return new Promise((resolve, reject) => {
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
        });
      });
      sockets.push(...(await Promise.all(batch)));
    }
    process.send({ type: 'ready' });
  } else if (msg.type === 'start') {
    let n = 0;
    timer = setInterval(() => {
      for (const s of sockets) {
        n += 1;
        const args = JSON.parse(JSON.stringify(msg.args).replaceAll('{n}', String(n)));
        answers.push(new Promise((resolve) => s.emit(msg.event, ...args, resolve)));
      }
    }, 1000 / msg.perSecond);
  } else if (msg.type === 'stop') {
    clearInterval(timer);
    const settled = await Promise.all(answers);
    const refused = settled.filter((a) => !a.ok);
    process.send({
      type: 'done',
      sent: settled.length,
      accepted: settled.length - refused.length,
      refusals: [...new Set(refused.map((a) => a.error))],
    });
    for (const s of sockets) s.close();
    process.disconnect();
  }
});
