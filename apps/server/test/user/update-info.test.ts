/**
 * `/btz/user/update-info` (params): validated fields with Chinese messages naming the field (code 400 on HTTP 200),
 * and the optional payload encryption of spec §7/§9 (CONVENTIONS.md Transport).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPayload } from '../../src/http/payload-crypto.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';

const AES_KEY = 'btzAesKey2026abc';
const DES_KEY = 'btzDes26';

// what the web app sends: apps/web/src/api/crypto.test.ts holds its ciphertexts and the server's to one known vector
const aes = (plain: string, key = AES_KEY) => encryptPayload('aes', key, plain);
const des = (plain: string, key = DES_KEY) => encryptPayload('des', key, plain);

describe('update-info', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const info = async (token: string) => (await t.api('/btz/user/get-info', { token })).json.data;

  it('changes what get-info returns', async () => {
    const { token } = await newUser(t);
    const changes = {
      nickName: '投标小王',
      realName: '王小明',
      name: '杭州示例科技有限公司',
      sex: 1,
      birthday: '1990-05-20',
      email: 'wang.xm@example.com',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      regionCode: '330106',
      address: '文三路 100 号',
      bidFileShowFlag: 0,
      projectListShowFlag: 0,
      guide: 1,
      avatar: '/brand/btz/avatar.svg',
    };
    const res = await t.api('/btz/user/update-info', { token, query: changes });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, success: true, data: changes });
    expect(await info(token)).toMatchObject(changes);
  });

  it('changes only the fields it was given', async () => {
    const { token } = await newUser(t);
    const before = await info(token);
    const res = await t.api('/btz/user/update-info', { token, query: { city: '成都市' } });
    expect(res.json.code).toBe(200);
    const after = await info(token);
    expect(after).toEqual({ ...before, city: '成都市' });
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, '邮箱（email）'],
    ['a birthday in another format', { birthday: '20200101' }, '生日（birthday）'],
    ['a birthday that is no date', { birthday: '2020-13-45' }, '生日（birthday）'],
    ['February 30th', { birthday: '2021-02-30' }, '生日（birthday）'],
    ['a nickName too long', { nickName: '名'.repeat(31) }, '昵称（nickName）'],
    ['an empty-looking nickName', { nickName: '   ' }, '昵称（nickName）'],
    ['an unknown field', { role: 'admin' }, 'role'],
    ['sex 5', { sex: 5 }, '性别（sex）'],
    ['sex that is not a number', { sex: 'male' }, '性别（sex）'],
    ['a flag out of range', { bidFileShowFlag: 3 }, 'bidFileShowFlag'],
    ['an avatar from another site over http', { avatar: 'http://evil.example/x.png' }, '头像（avatar）'],
    ['a javascript: avatar', { avatar: 'javascript:alert(1)' }, '头像（avatar）'],
  ])('refuses %s with code 400 naming the field, and changes nothing', async (_what, query, field) => {
    const { token } = await newUser(t);
    const before = await info(token);
    // a valid field alongside is not applied either
    const res = await t.api('/btz/user/update-info', { token, query: { ...query, city: '不应被保存' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain(field);
    expect(res.json.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await info(token)).toEqual(before);
  });

  it('tells a value of the wrong type apart from a missing one', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/user/update-info', { token, query: { sex: 'male' } });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('性别（sex）');
    expect(res.json.msg).not.toMatch(/缺少/);
  });

  it('refuses a call with nothing to change', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/user/update-info', { token });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toMatch(/没有需要修改/);
  });

  it('needs a login', async () => {
    const res = await t.api('/btz/user/update-info', { query: { city: '成都市' } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(401);
  });

  describe('payload encryption', () => {
    it('accepts the query as one AES-CBC data param (Crypto-Type: aes)', async () => {
      const { token } = await newUser(t);
      const data = aes(new URLSearchParams({ nickName: '加密的昵称', city: '南京市' }).toString());
      const res = await t.api('/btz/user/update-info', { token, query: { data }, headers: { 'Crypto-Type': 'aes' } });
      expect(res.json).toMatchObject({ code: 200, success: true });
      expect(await info(token)).toMatchObject({ nickName: '加密的昵称', city: '南京市' });
    });

    it('accepts DES-ECB (Crypto-Type: des)', async () => {
      const { token } = await newUser(t);
      const data = des(new URLSearchParams({ nickName: 'DES昵称', sex: '2' }).toString());
      const res = await t.api('/btz/user/update-info', { token, query: { data }, headers: { 'Crypto-Type': 'des' } });
      expect(res.json).toMatchObject({ code: 200, success: true });
      expect(await info(token)).toMatchObject({ nickName: 'DES昵称', sex: 2 });
    });

    it('validates the decrypted fields like plain ones', async () => {
      const { token } = await newUser(t);
      const data = aes('sex=5');
      const res = await t.api('/btz/user/update-info', { token, query: { data }, headers: { 'Crypto-Type': 'aes' } });
      expect(res.json).toMatchObject({ code: 400, success: false });
      expect(res.json.msg).toContain('性别（sex）');
    });

    it.each([
      ['garbage', 'this is not ciphertext'],
      ['base64 of nothing encrypted', Buffer.from('hello world, plain').toString('base64')],
    ])('refuses %s with code 400', async (_what, data) => {
      const { token } = await newUser(t);
      const before = await info(token);
      const res = await t.api('/btz/user/update-info', { token, query: { data }, headers: { 'Crypto-Type': 'aes' } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ code: 400, success: false });
      expect(res.json.msg).toContain('data');
      expect(await info(token)).toEqual(before);
    });
  });
});
