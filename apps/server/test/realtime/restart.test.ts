/**
 * A server restart (close, then listen again on the same port): the client reconnects, resubscribes in its
 * onConnect like the web app does, and receives what is published afterwards.
 */
import { describe, it, expect } from 'vitest';
import { makeClient, startServer, waitUntil, type TestClient, type Via } from './helpers.js';

describe.each<Via>(['websocket', 'raw-ws', 'xhr-streaming'])('restart over %s', (via) => {
  it('reconnects, resubscribes and receives a message published after the restart', async () => {
    const first = await startServer();
    const port = first.port;
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    let subscribed = 0;
    const resubscribe = (t: TestClient) => {
      const receipt = `sub-${t.connects.length}`;
      t.client.watchForReceipt(receipt, () => subscribed++);
      t.client.subscribe('/user/101/notice', (m) => t.messages.push(m), { receipt });
    };
    const c = makeClient(port, via, 'tok-alice', { reconnectDelay: 100, onConnected: resubscribe });
    try {
      await waitUntil(() => subscribed === 1, 5_000, 'first subscription');
      await first.rt.publish('101', 'dm.count', { count: 1 });
      await waitUntil(() => c.messages.length === 1, 5_000, 'message before restart');

      await first.stop();
      await waitUntil(() => c.closes > 0, 5_000, 'client sees the close');
      second = await startServer({ port });
      await waitUntil(() => subscribed === 2, 8_000, 'resubscription after restart');
      expect(c.connects).toHaveLength(2);

      await second.rt.publish('101', 'dm.count', { count: 2, note: '重启之后' });
      await waitUntil(() => c.messages.length === 2, 5_000, 'message after restart');
      expect(JSON.parse(c.messages[1]!.body)).toMatchObject({ kind: 'dm.count', data: { count: 2 } });
    } finally {
      await c.client.deactivate({ force: true });
      await second?.stop();
      await first.stop();
    }
  });
});
