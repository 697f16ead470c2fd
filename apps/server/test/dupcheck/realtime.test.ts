/**
 * `dupcheck.progress` reaches the check's owner over STOMP (the channel the BiddingCheck screens listen on) at every
 * step, ends in `done` (or `failed` with the file's name), and nobody else gets it. Real server (PGlite, the job runner,
 * the worker processes), real @stomp/stompjs client over SockJS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DupCheckDetail, DupCheckProgressMessage } from '@btz/shared';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { buildDupSet } from '../../../../packages/bid-engine/test/fixtures/dup-bids.js';
import { CLIENT_BASIC, newUser, startTestServer, type TestServer } from '../harness.js';
import { settled, waitForJob } from '../wait.js';
import { makeClient, subscribeConfirmed, waitUntil, type TestClient } from '../realtime/helpers.js';

let t: TestServer;
let set: Awaited<ReturnType<typeof buildDupSet>>;
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, jobStaleMs: 5000, jobHeartbeatMs: 500 });
  set = await buildDupSet(drawPicture);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

async function ok<T = any>(path: string, token: string, query: Record<string, string | number> = {}, body?: unknown): Promise<T> {
  const res = await t.api(path, { token, query, body });
  expect(res.json, `${path} ${res.text}`).toMatchObject({ code: 200, success: true });
  return res.json.data as T;
}
async function uploadOk(token: string, id: string, name: string, data: Buffer) {
  const res = await t.upload('/btz/dupcheck/upload', { token, query: { id, role: 'bid' }, file: { name, data } });
  expect(res.json, res.text).toMatchObject({ success: true });
}
async function until(token: string, id: string): Promise<DupCheckDetail> {
  return waitForJob({ what: `duplicate check ${id}`, read: () => ok<DupCheckDetail>('/btz/dupcheck/detail', token, { id }), until: settled });
}

/** A logged-in STOMP client subscribed (and confirmed) to its own notice queue. */
async function listen(me: { token: string; userId: string }): Promise<TestClient> {
  const c = makeClient(t.port, 'xhr-streaming', me.token, {
    connectHeaders: { 'Blade-Auth': `Bearer ${me.token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' },
  });
  clients.push(c);
  await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
  await subscribeConfirmed(c, `/user/${me.userId}/notice`);
  return c;
}
const messages = (c: TestClient) => c.messages.map((m) => JSON.parse(m.body) as { id: string; kind: string; data: DupCheckProgressMessage; ts: number });

describe('dupcheck.progress over STOMP', () => {
  it('the owner sees the check move step by step and end in done; another user sees nothing', async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    const mine = await listen(me);
    const theirs = await listen(other);

    const { id } = await ok<{ id: string }>('/btz/dupcheck/create', me.token, {}, { name: '推送查重' });
    await uploadOk(me.token, id, 'A公司投标文件.docx', set.a);
    await uploadOk(me.token, id, 'B公司投标文件.docx', set.b);
    await uploadOk(me.token, id, 'C公司投标文件.docx', set.c);
    await ok('/btz/dupcheck/start', me.token, { id });
    const d = await until(me.token, id);
    expect(d.state, d.error ?? '').toBe('done');

    await waitUntil(() => messages(mine).some((m) => m.data.state === 'done'), 5000, 'done message');
    const msgs = messages(mine);
    expect(msgs.every((m) => m.kind === 'dupcheck.progress' && m.data.checkId === id && typeof m.id === 'string' && typeof m.ts === 'number')).toBe(true);
    // every step of the job: the start, each of the three files read, at least one step of the comparison
    const running = msgs.filter((m) => m.data.state === 'running');
    expect(running.length).toBeGreaterThanOrEqual(4);
    expect(running.every((m) => m.data.error === null && m.data.progress >= 1 && m.data.progress < 100)).toBe(true);
    expect(running.some((m) => m.data.progress > 70)).toBe(true);
    const progress = msgs.map((m) => m.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(msgs.at(-1)!.data).toEqual({ checkId: id, state: 'done', progress: 100, error: null });
    // the detail the screen fetches on done has the report
    expect(d.report?.pairs.length).toBe(3);

    // the other user, subscribed to its own queue all along, got nothing of it
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages).toHaveLength(0);
  });

  it('a check that fails ends in failed with the reason', async () => {
    const me = await newUser(t);
    const mine = await listen(me);
    const { id } = await ok<{ id: string }>('/btz/dupcheck/create', me.token, {}, { name: '推送失败' });
    await uploadOk(me.token, id, '正常.docx', set.a);
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(set.b);
    zip.file('word/document.xml', '这不是XML');
    await uploadOk(me.token, id, '损坏.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    await ok('/btz/dupcheck/start', me.token, { id });
    const d = await until(me.token, id);
    expect(d.state).toBe('failed');

    await waitUntil(() => messages(mine).some((m) => m.data.state === 'failed'), 5000, 'failed message');
    const last = messages(mine).at(-1)!;
    expect(last.kind).toBe('dupcheck.progress');
    expect(last.data).toMatchObject({ checkId: id, state: 'failed', error: d.error });
    expect(last.data.error).toMatch(/^文件「损坏\.docx」无法读取：/);
    // the first file was read before the second failed: the bar had moved
    expect(messages(mine).some((m) => m.data.state === 'running' && m.data.progress >= 35)).toBe(true);
  });
});
