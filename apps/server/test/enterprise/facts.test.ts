/**
 * `loadEnterpriseFacts` / `enterpriseWarnings`: what the writer may use. Empty fields stay out (the writer marks them
 * 【待填写】) and a lapsed qualification is left out and reported instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterpriseWarnings, loadEnterpriseFacts } from '../../src/modules/enterprise/index.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';

describe('enterprise facts for the writer', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const tenantOf = async (userId: string) =>
    (await t.server.db.db.selectFrom('users').select('tenant_id').where('id', '=', userId).executeTakeFirstOrThrow()).tenant_id;

  it('maps the saved info to the writer’s facts, leaving out lapsed qualifications and empty fields', async () => {
    const u = await newUser(t);
    const res = await t.api('/btz/enterprise/info/save', {
      token: u.token,
      body: {
        name: '杭州示例信息技术有限公司',
        creditCode: '',
        legalRep: '王建国',
        address: '',
        contacts: [{ name: '李娜', phone: '13800138000', role: '商务经理' }],
        qualifications: [
          { name: '安全生产许可证', number: 'AQ-1', expiry: '2026-03-31' },
          { name: '营业执照', number: '', expiry: '长期有效' },
          { name: 'ISO9001', number: 'Q-1', expiry: '2026-04-01' },
          { name: '高新技术企业证书', number: 'GR-1', expiry: '' },
        ],
        staff: [{ name: '陈明', role: '项目经理', title: '' }],
        projects: [{ name: '智慧园区项目', client: '城投集团', year: '2024', amount: '' }],
      },
    });
    expect(res.json, res.text).toMatchObject({ code: 200 });
    const ref = { tenantId: await tenantOf(u.userId), userId: u.userId, now: new Date('2026-04-01T09:00:00+08:00') };

    const facts = await loadEnterpriseFacts(t.server.db.db, ref);
    expect(facts).toEqual({
      name: '杭州示例信息技术有限公司',
      legalRep: '王建国',
      contacts: '李娜（商务经理） 13800138000',
      qualifications: [
        { name: '营业执照', number: undefined, expiry: '长期有效' },
        // valid through its expiry day
        { name: 'ISO9001', number: 'Q-1', expiry: '2026-04-01' },
        { name: '高新技术企业证书', number: 'GR-1', expiry: undefined },
      ],
      staff: [{ name: '陈明', role: '项目经理', title: undefined }],
      projects: [{ name: '智慧园区项目', client: '城投集团', year: '2024', amount: undefined }],
    });
    expect('creditCode' in facts).toBe(false);
    expect('address' in facts).toBe(false);

    expect(await enterpriseWarnings(t.server.db.db, ref)).toEqual({
      expired: ['安全生产许可证（有效期至 2026-03-31）'],
      missing: ['creditCode'],
      missingLabels: ['统一社会信用代码'],
    });
  });

  it('gives a user with nothing saved no facts, and names every essential as missing', async () => {
    const u = await newUser(t);
    const ref = { tenantId: await tenantOf(u.userId), userId: u.userId };
    expect(await loadEnterpriseFacts(t.server.db.db, ref)).toEqual({});
    expect(await enterpriseWarnings(t.server.db.db, ref)).toEqual({
      expired: [],
      missing: ['name', 'creditCode', 'legalRep'],
      missingLabels: ['企业名称', '统一社会信用代码', '法定代表人'],
    });
  });

  it('refuses a user of another tenant', async () => {
    const u = await newUser(t);
    await expect(loadEnterpriseFacts(t.server.db.db, { tenantId: 'no-such-tenant', userId: u.userId })).rejects.toThrow();
  });
});
