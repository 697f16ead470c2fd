/** Invitation linking (spec §4, §7): a first login with `invitation_code` links the inviter of that code. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masked, newUser, startTestServer, type TestServer } from '../harness.js';

describe('invitation', () => {
  let t: TestServer;
  beforeAll(async () => {
    // one account logs in twice below: no 60 s gap between sends to a phone here
    t = await startTestServer({ smsResendS: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const inviteCode = async (token: string) => (await t.api('/btz/user/get-info', { token })).json.data.inviteCode as string;
  const list = (token: string, query: Record<string, number | undefined> = {}) => t.api('/btz/user/invite-user-list', { token, query });

  it("links a new user to the inviter whose code it came with, and pages the inviter's list", async () => {
    const a = await newUser(t);
    const code = await inviteCode(a.token);
    const b = await newUser(t, { invitationCode: code });
    expect(b.userId).not.toBe(a.userId);

    const res = await list(a.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, success: true, data: { total: 1, current: 1, size: 10, pages: 1 } });
    expect(res.json.data.records).toHaveLength(1);
    const rec = res.json.data.records[0];
    expect(rec).toMatchObject({ id: b.userId, maskPhone: masked(b.phone), nickName: expect.any(String) });
    expect(rec.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.text).not.toContain(b.phone);

    // B invited nobody
    const own = await list(b.token);
    expect(own.json).toMatchObject({ code: 200, data: { records: [], total: 0, current: 1, pages: 0 } });

    // the code is read case-insensitively; a second invitee shows up, pages of one record each
    const c = await newUser(t, { invitationCode: code.toLowerCase() });
    const page1 = await list(a.token, { current: 1, size: 1 });
    const page2 = await list(a.token, { current: 2, size: 1 });
    expect(page1.json.data).toMatchObject({ total: 2, current: 1, size: 1, pages: 2 });
    expect(page2.json.data).toMatchObject({ total: 2, current: 2, size: 1, pages: 2 });
    const ids = [...page1.json.data.records, ...page2.json.data.records].map((r: { id: string }) => r.id);
    expect(ids.sort()).toEqual([b.userId, c.userId].sort());
  });

  it('links only on the first login: an existing account keeps its inviter', async () => {
    const a = await newUser(t);
    const z = await newUser(t);
    const zCode = await inviteCode(z.token);
    // a logs in again, now with z's code
    const again = await t.login(a.phone, { invitationCode: zCode });
    expect(again.user_id).toBe(a.userId);
    expect((await list(z.token)).json.data.total).toBe(0);
  });

  it('still logs in with an unknown invitation code (no link)', async () => {
    const a = await newUser(t);
    const before = (await list(a.token)).json.data.total;
    const x = await newUser(t, { invitationCode: 'ZZZZ9999' });
    expect(typeof x.token).toBe('string');
    expect((await list(a.token)).json.data.total).toBe(before);
    expect((await list(x.token)).json.data.total).toBe(0);
  });

  it("does not link across brands: a code of this brand's user means nothing on another host", async () => {
    const a = await newUser(t);
    const code = await inviteCode(a.token);
    await newUser(t, { invitationCode: code, host: 'jw.localhost' });
    expect((await list(a.token)).json.data.total).toBe(0);
  });

  it('refuses bad paging values', async () => {
    const a = await newUser(t);
    for (const q of [{ current: 0 }, { size: 1000 }]) {
      const res = await list(a.token, q);
      expect(res.json).toMatchObject({ code: 400, success: false });
      expect(res.json.msg).toMatch(/current|size/);
    }
  });
});
