/**
 * The answer contracts (issue 26 item 3): the harness checks every JSON answer of a call against the call's `response`
 * schema. Shown here to fail: a planted server answers known calls with broken answers (a field missing, a field the
 * type does not name, a wrong type, no envelope) and the harness's call rejects each; the real server's answer to the
 * same call passes. And no call's schema is an accept-anything placeholder.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../harness.js';
import { CALLS_BY_PATH, ContractError, checkAnswer } from '../contracts.js';

let t: TestServer;
let planted: http.Server;
let plantedUrl = '';
/** what the planted server answers next (as JSON) */
let plantedBody: unknown = null;

beforeAll(async () => {
  t = await startTestServer();
  planted = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(plantedBody));
  });
  await new Promise<void>((resolve) => planted.listen(0, '127.0.0.1', resolve));
  plantedUrl = `http://127.0.0.1:${(planted.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => planted?.close(resolve));
  await t?.close();
});

describe('answer contracts', () => {
  it('passes the real answer and fails each broken one, at the call', async () => {
    const real = await t.api<any>('/btz-skip/tenant-info');
    expect(real.json.success).toBe(true);
    const branding = real.json.data as Record<string, unknown>;
    expect(typeof branding.primaryColor).toBe('string');

    const answer = async (body: unknown) => {
      plantedBody = body;
      return apiRequest(plantedUrl, '/btz-skip/tenant-info');
    };
    // the real answer, served by the planted server, passes
    await expect(answer(real.json)).resolves.toMatchObject({ status: 200 });
    const { primaryColor: _dropped, ...missing } = branding;
    await expect(answer({ ...real.json, data: missing })).rejects.toThrow(/tenant-info broke its answer contract \(data\)[\s\S]*primaryColor/);
    await expect(answer({ ...real.json, data: { ...branding, secret: 'x' } })).rejects.toThrow(/secret/);
    await expect(answer({ ...real.json, data: { ...branding, primaryColor: 7 } })).rejects.toThrow(ContractError);
    await expect(answer(branding)).rejects.toThrow(/\(envelope\)/);
    // a failure answers the envelope with the message; its data is not the call's answer
    await expect(answer({ code: 400, success: false, data: null, msg: '请求参数不正确' })).resolves.toMatchObject({ status: 200 });
  });

  it('holds nested answers and the token endpoint (whole body) too', () => {
    const page = (records: unknown[]) => ({ code: 200, success: true, msg: '操作成功', data: { records, total: records.length, current: 1, size: 10, pages: 1 } });
    const item = { id: '1', maskPhone: '138****0000', nickName: '用户', createTime: '2026-01-02 03:04:05' };
    expect(() => checkAnswer('/btz/user/invite-user-list', page([item]))).not.toThrow();
    expect(() => checkAnswer('/btz/user/invite-user-list', page([{ ...item, createTime: '昨天' }]))).toThrow(/records\[0\]\.createTime|createTime/);
    expect(() => checkAnswer('/blade-auth/oauth/token', { success: false, error_code: 400, error_description: '验证码不正确' })).not.toThrow();
    expect(() => checkAnswer('/blade-auth/oauth/token', { success: false, error_description: '验证码不正确' })).toThrow(ContractError);
  });

  it('gives every call a schema that checks something', () => {
    expect(CALLS_BY_PATH.size).toBeGreaterThan(120);
    const loose: string[] = [];
    for (const [path, call] of CALLS_BY_PATH) {
      // an object no answer is: a schema that takes it would take anything
      if (call.response.safeParse({ planted: Symbol('not an answer') }).success) loose.push(path);
    }
    expect(loose).toEqual([]);
  });
});
