import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('phone login', () => {
  it('sends a code, logs in with it, and the token reads the user', async () => {
    const phone = uniquePhone();
    const sent = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ code: 200, success: true, data: { interval: 60 } });
    const token = await t.api('/blade-auth/oauth/token', {
      query: { tenantId: '000000', username: phone, grant_type: 'sms_code', source: 1, invitation_code: '' },
      headers: { 'Tenant-Id': '000000', 'Captcha-Key': sent.json.data.key, 'Captcha-Code': t.smsCode(phone) },
    });
    expect(token.json).toMatchObject({ token_type: 'bearer', expires_in: 604800 });
    const info = await t.api('/btz/user/get-info', { token: token.json.access_token });
    expect(info.json.data).toMatchObject({ maskPhone: `${phone.slice(0, 3)}****${phone.slice(7)}`, isNewUser: 2, loginRole: 0 });
  });
});
