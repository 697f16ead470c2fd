/**
 * The dashboard's bid figures (issue 28) against what a user did, on the offline writer: a bid started (parsed and
 * outlined), written in full and finished counts once in 新建 / 写完 / 完成 of today for its tenant, and not for another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { buyCopies, outlinedBid, waitWritten } from '../writing/helpers.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

let t: TestServer;
let opA: { token: string };
let opB: { token: string };
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, smsResendS: 0 });
  const su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, '000000', '运营A');
  opB = await inviteOperator(t, su.token, '389572', '运营B');
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = shanghaiToday();
const RANGE = { from: addDays(today, -1), to: addDays(today, 1) };
const totals = async (token: string) => (await asOperator(t, token, '/btz/admin/dashboard', { query: RANGE })).json.data.totals;

describe('dashboard: bids started, written, finished', () => {
  it('one bid written in full and finished counts once in each, for its tenant only', async () => {
    const beforeA = await totals(opA.token);
    const beforeB = await totals(opB.token);
    const { token } = await newUser(t);
    await buyCopies(t, token, 1);
    const id = await outlinedBid(t, token, 1);
    const start = await t.api('/btz/bid/write/start', { token, query: { id } });
    expect(start.json?.success, start.text).toBe(true);
    expect((await waitWritten(t, token, id)).status).toBe('written');
    const written = await totals(opA.token);
    expect(written.bidsStarted - beforeA.bidsStarted).toBe(1);
    expect(written.bidsWritten - beforeA.bidsWritten).toBe(1);
    expect(written.bidsFinished - beforeA.bidsFinished).toBe(0);
    const f = await t.api('/btz/bid/finish', { token, query: { id } });
    expect(f.json?.success, f.text).toBe(true);
    const after = await totals(opA.token);
    // finished: still written once (its sections stay written), finished once
    expect(after.bidsWritten - beforeA.bidsWritten).toBe(1);
    expect(after.bidsFinished - beforeA.bidsFinished).toBe(1);
    // the offline writer calls no model: no tokens
    expect(after.promptTokens - beforeA.promptTokens).toBe(0);
    expect(await totals(opB.token)).toEqual(beforeB);
  });
});
