/** `/btz/user/switch-role`: 0 personal, 1 enterprise (an enterprise is created on the first switch, CONVENTIONS.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';

describe('switch-role', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('switches to the enterprise role with a team the user administers, and back, keeping the same team', async () => {
    const { token } = await newUser(t);
    const toEnterprise = await t.api('/btz/user/switch-role', { token, query: { loginRole: 1 } });
    expect(toEnterprise.status).toBe(200);
    expect(toEnterprise.json).toMatchObject({ code: 200, success: true, data: { loginRole: 1, isTeamAdmin: 1 } });
    const team = toEnterprise.json.data.team;
    expect(team).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect((await t.api('/btz/user/get-info', { token })).json.data).toMatchObject({ loginRole: 1, isTeamAdmin: 1, team });

    const back = await t.api('/btz/user/switch-role', { token, query: { loginRole: 0 } });
    expect(back.json).toMatchObject({ code: 200, data: { loginRole: 0 } });
    expect((await t.api('/btz/user/get-info', { token })).json.data.loginRole).toBe(0);

    // switching again reuses the enterprise instead of creating another one
    const again = await t.api('/btz/user/switch-role', { token, query: { loginRole: 1 } });
    expect(again.json.data).toMatchObject({ loginRole: 1, isTeamAdmin: 1, team: { id: team.id } });
  });

  it('gives two users two different enterprises', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const ta = (await t.api('/btz/user/switch-role', { token: a.token, query: { loginRole: 1 } })).json.data.team;
    const tb = (await t.api('/btz/user/switch-role', { token: b.token, query: { loginRole: 1 } })).json.data.team;
    expect(ta.id).not.toBe(tb.id);
  });

  it.each([[7], [-1], ['abc']])('refuses loginRole %s with code 400 naming the field', async (loginRole) => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/user/switch-role', { token, query: { loginRole } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('loginRole');
    expect((await t.api('/btz/user/get-info', { token })).json.data).toMatchObject({ loginRole: 0, team: null });
  });

  it('refuses a missing loginRole', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/user/switch-role', { token });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('loginRole');
  });
});
