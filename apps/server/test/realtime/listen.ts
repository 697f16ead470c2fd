/**
 * A signed-in user listening to one of its queues on the real server, as the web client does (the real @stomp/stompjs
 * over a WebSocket): connected, the subscription confirmed, the client kept in `clients` for the file's afterAll.
 */
import { CLIENT_BASIC } from '../harness.js';
import { makeClient, subscribeConfirmed, waitUntil, type TestClient } from './helpers.js';

export async function listenAs(port: number, u: { token: string; userId: string }, queue: 'notice' | 'bid', clients: TestClient[]): Promise<TestClient> {
  const c = makeClient(port, 'websocket', u.token, { connectHeaders: { 'Blade-Auth': `Bearer ${u.token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' } });
  clients.push(c);
  await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
  await subscribeConfirmed(c, `/user/${u.userId}/${queue}`);
  return c;
}
