/**
 * The web app's RealtimeClient (apps/web/src/realtime/client.ts) against the real endpoint over sockjs-client:
 * kind dispatch, reconnect + resubscribe after a server restart, and giving up after the attempts run out.
 */
import { describe, it, expect } from 'vitest';
import SockJS from 'sockjs-client';
import type { IStompSocket } from '@stomp/stompjs';
import { RealtimeClient, type RealtimeMessage } from '../../../web/src/realtime/client';
import { sleep, startServer, waitUntil, type TestServer } from './helpers.js';

function sockjsFactory(port: number) {
  return (path: string) => new SockJS(`http://127.0.0.1:${port}${path}`) as unknown as IStompSocket;
}

describe('web RealtimeClient against the server', () => {
  it('receives its kinds, survives a restart with resubscription, and stops after the attempts run out', { timeout: 30_000 }, async () => {
    let srv: TestServer | undefined = await startServer();
    const port = srv.port;
    const client = new RealtimeClient({ socketFactory: sockjsFactory(port), maxReconnects: 3, reconnectDelay: (n) => 100 * n });
    const counts: number[] = [];
    const barrage: RealtimeMessage[] = [];
    client.on('dm.count', (m) => counts.push((m.data as { count: number }).count));
    client.subscribe('/topic/barrage', (m) => barrage.push(m));
    try {
      client.connect('tok-alice', { clientAuth: 'c2FiZXI6c2FiZXJfc2VjcmV0', userId: '101' });
      await waitUntil(() => client.state === 'connected', 5_000, 'connected');
      await sleep(150); // SUBSCRIBE frames are in flight right after CONNECTED
      await srv.rt.publish('101', 'dm.count', { count: 4 });
      await srv.rt.broadcast('/topic/barrage', 'barrage', { text: '新用户注册' });
      await waitUntil(() => counts.length === 1 && barrage.length === 1, 5_000, 'first messages');

      await srv.stop();
      await waitUntil(() => client.state === 'disconnected', 5_000, 'disconnected');
      srv = await startServer({ port });
      await waitUntil(() => client.state === 'connected', 5_000, 'reconnected');
      expect(client.reconnectAttempts).toBe(0);
      await sleep(150);
      await srv.rt.publish('101', 'dm.count', { count: 5 });
      await srv.rt.broadcast('/topic/barrage', 'barrage', { text: '重连之后' });
      await waitUntil(() => counts.length === 2 && barrage.length === 2, 5_000, 'messages after restart');
      expect(counts).toEqual([4, 5]);

      // Gone for good: 3 attempts at 100, 200, 300 ms, then silence even when the server comes back.
      await srv.stop();
      srv = undefined;
      await waitUntil(() => client.reconnectAttempts > 3, 5_000, 'attempts exhausted');
      srv = await startServer({ port });
      await sleep(1_000);
      expect(client.state).toBe('disconnected');
      expect(srv.rt.stats().sessions).toBe(0);
    } finally {
      await client.disconnect();
      await srv?.stop();
    }
  });
});
