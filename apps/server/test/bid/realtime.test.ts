/**
 * `bid.parse` progress reaches the owner over STOMP (the channel the web app listens on), and nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidParseMessage } from '@btz/shared';
import { CLIENT_BASIC, newUser, startTestServer, type TestServer } from '../harness.js';
import { makeClient, subscribeConfirmed, waitUntil, type TestClient } from '../realtime/helpers.js';
import { tenderDocx, uploadTender, waitParse } from './helpers.js';

let t: TestServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

const connect = (token: string) => {
  const c = makeClient(t.port, 'websocket', token, {
    connectHeaders: { 'Blade-Auth': `Bearer ${token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' },
  });
  clients.push(c);
  return c;
};

describe('bid.parse over STOMP', () => {
  it('the owner sees the parse move from queued to done with stage names', async () => {
    const me = await newUser(t);
    const c = connect(me.token);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    await subscribeConfirmed(c, `/user/${me.userId}/bid`);

    const bidId = await uploadTender(t, me.token, { name: '招标文件.docx', data: await tenderDocx() });
    await waitParse(t, me.token, bidId);
    const parsed = () => c.messages.map((m) => JSON.parse(m.body) as { id: string; kind: string; data: BidParseMessage });
    await waitUntil(() => parsed().some((m) => m.data.state === 'done'), 5000, 'done message');
    const msgs = parsed();
    expect(msgs.every((m) => m.kind === 'bid.parse' && m.data.bidId === bidId && typeof m.id === 'string')).toBe(true);
    expect(msgs[0]!.data).toMatchObject({ state: 'queued', progress: 0, stage: '排队中' });
    expect(msgs.at(-1)!.data).toEqual({ bidId, state: 'done', progress: 100, stage: '解析完成' });
    const stages = new Set(msgs.map((m) => m.data.stage));
    for (const s of ['读取文件', '解析招标要点', '生成目录']) expect(stages.has(s), s).toBe(true);
    const progress = msgs.map((m) => m.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('another user subscribed to its own queue gets nothing of it', async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    const c = connect(other.token);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    await subscribeConfirmed(c, `/user/${other.userId}/bid`);
    const bidId = await uploadTender(t, me.token, { name: '招标文件.docx', data: await tenderDocx() });
    await waitParse(t, me.token, bidId);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.messages).toHaveLength(0);
  });
});
