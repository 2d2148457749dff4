/**
 * Readiness and draining on one node: /api/ready is 200 while serving and 503 from the moment a drain
 * starts; an open socket is then closed at the transport (the reconnect hint), not told to go away.
 */
import { describe, expect, it } from 'vitest';
import { readyAnswerSchema } from '@sajha/contract';
import { connectSocket, createUser, sessionCookie, startTestApp } from '../../../test/harness.js';

describe('readiness and draining', () => {
  it('is ready while serving, not ready while draining, and closes sockets so clients reconnect', async () => {
    const t = await startTestApp({ DRAIN_DELAY_S: '1' });
    let closing: Promise<void> | undefined;
    try {
      const res = await fetch(`${t.url}/api/ready`);
      expect(res.status).toBe(200);
      expect(readyAnswerSchema.parse(await res.json())).toEqual({ ready: true, status: 'ready' });

      const u = await createUser(t.db);
      const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
      const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      closing = t.app.close();
      const draining = await fetch(`${t.url}/api/ready`);
      expect(draining.status).toBe(503);
      expect(readyAnswerSchema.parse(await draining.json())).toEqual({ ready: false, status: 'draining' });
      // "transport close" makes a Socket.IO client reconnect by itself; "io server disconnect" would not.
      expect(await reason).toBe('transport close');
    } finally {
      await closing;
      await t.close();
    }
  });
});
