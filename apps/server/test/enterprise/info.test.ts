/**
 * `/btz/enterprise/info/get` and `/btz/enterprise/info/save`: the enterprise facts the AI writer may use. One profile per
 * owner — the user in the personal role, its enterprise in the enterprise role (shared by the members) — scoped by tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';

/** A real-shaped code whose check digit is right (GB 32100-2015's own example). */
const GOOD_CODE = '91350100M000100Y43';

const FULL = {
  name: '  杭州示例信息技术有限公司 ',
  creditCode: GOOD_CODE,
  legalRep: '王建国',
  address: '浙江省杭州市西湖区文三路 100 号',
  contacts: [
    { name: '李娜', phone: '13800138000', role: '商务经理' },
    { name: '赵强', phone: '0571-88886666' },
  ],
  qualifications: [
    { name: 'ISO9001 质量管理体系认证', number: 'Q-2024-001', expiry: '2099-12-31' },
    { name: '营业执照', number: GOOD_CODE, expiry: '长期有效' },
  ],
  staff: [{ name: '陈明', role: '项目经理', title: '高级工程师', certificate: '一级建造师' }],
  projects: [{ name: '某市智慧园区建设项目', client: '某市城投集团', year: '2024', amount: '860 万元' }],
};

describe('enterprise info', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (token: string) => {
    const res = await t.api('/btz/enterprise/info/get', { token });
    expect(res.json, res.text).toMatchObject({ code: 200, success: true });
    return res.json.data;
  };
  const save = (token: string, body: unknown) => t.api('/btz/enterprise/info/save', { token, body });

  it('answers empty strings and lists before anything was saved', async () => {
    const { token } = await newUser(t);
    expect(await get(token)).toEqual({
      name: '',
      creditCode: '',
      legalRep: '',
      address: '',
      contacts: [],
      qualifications: [],
      staff: [],
      projects: [],
      updateTime: null,
    });
  });

  it('needs a login', async () => {
    const res = await t.api('/btz/enterprise/info/get');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 401 });
  });

  it('saves and reads back what was sent, strings trimmed', async () => {
    const { token } = await newUser(t);
    const res = await save(token, FULL);
    expect(res.json, res.text).toMatchObject({ code: 200, success: true });
    const info = await get(token);
    expect(info).toMatchObject({ ...FULL, name: '杭州示例信息技术有限公司' });
    expect(info.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.json.data).toEqual(info);
  });

  it('keeps the fields a save leaves out, and replaces a list that is sent', async () => {
    const { token } = await newUser(t);
    await save(token, FULL);
    const partial = await save(token, { name: '新名称有限公司', legalRep: '刘洋', contacts: [] });
    expect(partial.json).toMatchObject({ code: 200 });
    const info = await get(token);
    expect(info).toMatchObject({ name: '新名称有限公司', legalRep: '刘洋', creditCode: GOOD_CODE, contacts: [], staff: FULL.staff });
  });

  it('upper-cases a credit code typed in lower case', async () => {
    const { token } = await newUser(t);
    await save(token, { creditCode: GOOD_CODE.toLowerCase() });
    expect((await get(token)).creditCode).toBe(GOOD_CODE);
  });

  it.each([
    ['a credit code with a wrong check digit', { creditCode: '91350100M000100Y44' }, '统一社会信用代码（creditCode）：校验位不正确'],
    ['a credit code of 17 characters', { creditCode: '91350100M000100Y4' }, '统一社会信用代码（creditCode）：应为 18 位'],
    ['a credit code with I/O/Z/S/V', { creditCode: '91350100M000100O43' }, '统一社会信用代码（creditCode）：应为 18 位'],
    ['a name over 100 characters', { name: '企'.repeat(101) }, '企业名称（name）不能超过 100 个字符'],
    ['a legal representative over 50 characters', { legalRep: '王'.repeat(51) }, '法定代表人（legalRep）不能超过 50 个字符'],
    ['an address over 200 characters', { address: '路'.repeat(201) }, '企业地址（address）不能超过 200 个字符'],
    ['a contact phone that is no phone', { contacts: [{ name: '李娜', phone: '12345' }] }, '第 1 条联系人的联系电话（contacts.0.phone）：格式不正确'],
    ['a contact without a name', { contacts: [{ name: '  ', phone: '13800138000' }] }, '第 1 条联系人的姓名（contacts.0.name）：不能为空'],
    ['21 contacts', { contacts: Array.from({ length: 21 }, (_, i) => ({ name: `联系人${i}`, phone: '13800138000' })) }, '联系人（contacts）：最多 20 条'],
    ['an expiry that is no date', { qualifications: [{ name: '资质', number: '1', expiry: '2025/01/01' }] }, '第 1 条资质证书的有效期至（qualifications.0.expiry）：应为 YYYY-MM-DD'],
    ['an expiry that is no calendar day', { qualifications: [{ name: 'A', number: '1', expiry: '2025-01-01' }, { name: 'B', number: '2', expiry: '2025-02-30' }] }, '第 2 条资质证书的有效期至（qualifications.1.expiry）'],
    ['101 qualifications', { qualifications: Array.from({ length: 101 }, (_, i) => ({ name: `资质${i}`, number: '', expiry: '' })) }, '资质证书（qualifications）：最多 100 条'],
    ['201 staff', { staff: Array.from({ length: 201 }, (_, i) => ({ name: `人员${i}`, role: '', title: '' })) }, '主要人员（staff）：最多 200 条'],
    ['a project without a name', { projects: [{ name: '', client: '甲方', year: '2024', amount: '1' }] }, '第 1 条类似业绩的项目名称（projects.0.name）：不能为空'],
    ['a list that is no list', { projects: '某项目' }, '类似业绩（projects）类型不正确'],
  ])('refuses %s with code 400 naming the field in Chinese', async (_what, body, msg) => {
    const { token } = await newUser(t);
    await save(token, { name: '原名称' });
    const res = await save(token, body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain(msg);
    // nothing was written
    expect((await get(token)).name).toBe('原名称');
  });

  it('accepts an empty credit code, 长期有效 and an empty expiry', async () => {
    const { token } = await newUser(t);
    const res = await save(token, { creditCode: '', qualifications: [{ name: 'A', number: '', expiry: '长期有效' }, { name: 'B', number: '', expiry: '' }] });
    expect(res.json, res.text).toMatchObject({ code: 200 });
  });

  it('keeps one user’s facts from another user and from another brand', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    await save(a.token, FULL);
    expect((await get(b.token)).name).toBe('');
    // the same phone on another brand is another account with its own (empty) facts
    const other = await newUser(t, { phone: a.phone, host: 'jw.localhost' });
    const res = await t.api('/btz/enterprise/info/get', { token: other.token, host: 'jw.localhost' });
    expect(res.json).toMatchObject({ code: 200, data: { name: '', contacts: [] } });
    // a token of one brand is refused on another brand's host
    expect((await t.api('/btz/enterprise/info/get', { token: a.token, host: 'jw.localhost' })).status).toBe(401);
  });

  it('shares the enterprise’s facts among its members in the enterprise role, and keeps personal ones apart', async () => {
    const admin = await newUser(t);
    await save(admin.token, { name: '个人名义的资料' });
    const switched = await t.api('/btz/user/switch-role', { token: admin.token, query: { loginRole: 1 } });
    const enterpriseId = switched.json.data.team.id as string;
    // the enterprise has its own, empty, profile
    expect((await get(admin.token)).name).toBe('');
    await save(admin.token, FULL);

    // a member of the same enterprise (no invitation call exists yet: joined in the database)
    const member = await newUser(t);
    await t.server.db.db.updateTable('users').set({ enterprise_id: enterpriseId, login_role: 1 }).where('id', '=', member.userId).execute();
    expect((await get(member.token)).name).toBe('杭州示例信息技术有限公司');
    await save(member.token, { address: '成员修改后的地址' });
    expect((await get(admin.token)).address).toBe('成员修改后的地址');

    // back in the personal role, each sees its own facts again
    await t.api('/btz/user/switch-role', { token: admin.token, query: { loginRole: 0 } });
    expect((await get(admin.token)).name).toBe('个人名义的资料');
  });
});
