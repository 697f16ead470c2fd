/**
 * Finding 13 of the attack on main: the SMS resend interval and the daily caps were checked by counting rows, then
 * inserting — not atomic on PostgreSQL, so 30 parallel sends to one phone produced 2–3 codes. Now each send takes a
 * lock per phone and per IP around count + insert: 30 parallel sends → exactly one code; a per-IP cap of 3 → exactly 3.
 * On PGlite the database is serialised anyway; the same assertions hold there and check the limits themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ smsDailyCapIp: 3 });
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

/** SMS lines the console provider wrote for `phone` (what reached the phone). */
const smsSent = (phone: string) => t.logs.filter((l) => l.includes('"sms"') && JSON.parse(l).sms?.phone === phone).length;
const send = (phone: string) => t.api('/btz-skip/send-code', { query: { phone } });

describe('SMS limits under parallel sends', () => {
  it('30 parallel sends to one phone: exactly one code, the others told to wait', async () => {
    const phone = uniquePhone();
    // the per-IP cap (3) is not the limit here: one phone, one code
    const results = await Promise.all(Array.from({ length: 30 }, () => send(phone)));
    const ok = results.filter((r) => r.json?.success);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => !x.json?.success)) {
      expect(r.json).toMatchObject({ code: 400 });
      expect(r.json.msg).toMatch(/频繁|上限|次数/);
    }
    expect(smsSent(phone)).toBe(1);
    expect(t.logs.filter((l) => l.includes('unhandled error'))).toEqual([]);
  });

  it('30 parallel sends from one IP to 30 phones with a cap of 3 per IP: the IP gets exactly its 3 codes of the day', async () => {
    const phones = Array.from({ length: 30 }, () => uniquePhone());
    const results = await Promise.all(phones.map((p) => send(p)));
    const ok = results.filter((r) => r.json?.success);
    // the first test spent one of today's sends of this IP
    expect(ok).toHaveLength(2);
    expect(phones.reduce((n, p) => n + smsSent(p), 0)).toBe(2);
    expect(results.filter((r) => !r.json?.success).every((r) => /当前网络今日/.test(r.json.msg))).toBe(true);
  });
});
