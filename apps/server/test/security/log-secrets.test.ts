/**
 * Finding 9 of the attack on main: refresh tokens and QR `tager` secrets were written to the request log (the query
 * string of every request is logged): 14 refresh tokens in one log. The request logger now redacts secrets in query
 * strings (and headers, should a line ever carry them). This reads the server's own log lines, which the harness keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenInputs, newUser, startTestServer, uniquePhone, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

/** Log lines that mention `secret`, leaving out the console SMS provider's own line (its job is to show the code). */
const leaks = (secret: string) => t.logs.filter((l) => l.includes(secret) && !l.includes('"sms"'));

describe('the request log', () => {
  it('keeps no refresh token, access token, QR tager, SMS key or code, or change-phone ticket', async () => {
    const secrets: string[] = [];
    // a refresh grant in the query string, as the web client sends it
    const u = await newUser(t);
    secrets.push(u.token, u.tokenResponse.refresh_token);
    const refreshed = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: u.tokenResponse.refresh_token } });
    expect(refreshed.json.access_token).toBeTruthy();
    secrets.push(refreshed.json.access_token, refreshed.json.refresh_token);

    // a QR login: the phone's page and the desktop's poll both carry the tager in the query string
    const qr = (await t.api('/btz-skip/qr-code')).json.data as { tager: string; qrUrl: string };
    secrets.push(qr.tager);
    const page = new URL(qr.qrUrl);
    await t.request(`${page.pathname}${page.search}`);
    const phone = uniquePhone();
    const sent = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone } });
    const key = hiddenInputs(sent.text).key!;
    await t.request('/m/wx-login/confirm', { method: 'POST', form: { tager: qr.tager, phone, key, code: t.smsCode(phone) } });
    const polled = (await t.api('/btz-skip/qr-code-state', { query: { tager: qr.tager } })).json.data;
    expect(polled.state).toBe('confirmed');
    secrets.push(polled.access_token, polled.refresh_token);

    // change phone: SMS key and code in the query string, then the ticket
    // (the first token was rotated away by the refresh grant: use the new one)
    const token = refreshed.json.access_token as string;
    const sentPresent = (await t.api('/btz/user/send-code-present', { token })).json;
    const code = t.smsCode(u.phone);
    const validated = (await t.api('/btz/user/validate-code', { token, query: { key: sentPresent.data.key, code } })).json;
    expect(validated.success).toBe(true);
    secrets.push(sentPresent.data.key, validated.data.ticket);
    await t.api('/btz/user/update-phone', { token, query: { phone: uniquePhone(), key: 'k'.repeat(20), code: '123456', ticket: validated.data.ticket } });

    for (const s of secrets) expect(leaks(s), `a secret of ${s.length} characters is in the log`).toEqual([]);
    // the request lines are still there, with the names of what was redacted
    const urls = t.logs.map((l) => JSON.parse(l)).flatMap((l) => (l.req?.url ? [String(l.req.url)] : []));
    expect(urls.some((u) => u.startsWith('/api/blade-auth/oauth/token?') && u.includes('grant_type=refresh_token') && u.includes('refresh_token=%5BREDACTED%5D'))).toBe(true);
    expect(urls.some((u) => u.startsWith('/api/btz-skip/qr-code-state?tager='))).toBe(true);
  });
});
