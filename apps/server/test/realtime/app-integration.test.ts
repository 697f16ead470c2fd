import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, startTestServer, uniquePhone, type TestServer } from '../harness.js';
import { makeClient, subscribeConfirmed, waitUntil, type TestClient } from './helpers.js';

/** The realtime channel inside the real app: real login tokens, real logout, publishing through AppContext. */
let t: TestServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

const connect = (token: string | null, basic = CLIENT_BASIC) => {
  const c = makeClient(t.port, 'websocket', token, {
    connectHeaders: {
      ...(token ? { 'Blade-Auth': `Bearer ${token}` } : {}),
      Authorization: basic,
      'Blade-Requested-With': 'BladeHttpRequest',
    },
  });
  clients.push(c);
  return c;
};

describe('realtime with the real login', () => {
  it('a logged-in user receives its own notices, published by the app', async () => {
    const login = await t.login(uniquePhone());
    const c = connect(login.access_token);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    await subscribeConfirmed(c, `/user/${login.user_id}/notice`);
    await t.server.app.ctx.realtime.publish(login.user_id, 'dm.count', { count: 3 });
    await waitUntil(() => c.messages.length === 1, 5000, 'message');
    const body = JSON.parse(c.messages[0]!.body);
    expect(body).toMatchObject({ kind: 'dm.count', data: { count: 3 } });
    expect(typeof body.id).toBe('string');
  });

  it('refuses a forged token and wrong client credentials', async () => {
    const forged = connect('eyJzaWQiOiIxIn0.forged');
    await waitUntil(() => forged.errors.length > 0, 5000, 'ERROR for forged token');
    const login = await t.login(uniquePhone());
    const wrongClient = connect(login.access_token, `Basic ${Buffer.from('x:y').toString('base64')}`);
    await waitUntil(() => wrongClient.errors.length > 0, 5000, 'ERROR for wrong client');
    expect(forged.connects.length + wrongClient.connects.length).toBe(0);
  });

  it('refuses another user’s destination', async () => {
    const a = await t.login(uniquePhone());
    const b = await t.login(uniquePhone());
    const c = connect(a.access_token);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    c.client.subscribe(`/user/${b.user_id}/notice`, () => undefined);
    await waitUntil(() => c.errors.length > 0, 5000, 'ERROR for foreign destination');
    expect(c.errors[0]!.headers.message).toBeTruthy();
  });

  it('logout ends the user’s realtime session', async () => {
    const login = await t.login(uniquePhone());
    const c = connect(login.access_token);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    const res = await t.api('/blade-auth/oauth/logout', { token: login.access_token });
    expect(res.json.success).toBe(true);
    await waitUntil(() => c.closes > 0, 5000, 'socket closed after logout');
  });
});
