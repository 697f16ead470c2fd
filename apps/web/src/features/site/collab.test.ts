import { describe, expect, it } from 'vitest';
import { validateCollab } from './collab';

const ok = { company: '杭州某建设工程有限公司', name: '王工', phone: '13800138000', city: '', need: '', remark: '' };

describe('cooperation form checks (mirror the server)', () => {
  it('accepts company, name and a valid phone; the rest is optional', () => {
    expect(validateCollab(ok)).toEqual({});
  });

  it('names every missing required field in Chinese', () => {
    expect(validateCollab({ ...ok, company: ' ', name: '', phone: '' })).toEqual({
      company: '请输入公司名称',
      name: '请输入联系人姓名',
      phone: '请输入手机号',
    });
  });

  it('refuses phones outside 1[3-9]xxxxxxxxx', () => {
    for (const phone of ['12800001111', '1380013800', '138001380001', 'abcdefghijk']) {
      expect(validateCollab({ ...ok, phone }).phone).toBe('手机号格式不正确，请输入 11 位手机号');
    }
  });

  it('enforces the server length limits', () => {
    expect(validateCollab({ ...ok, company: '公'.repeat(101) }).company).toContain('100');
    expect(validateCollab({ ...ok, name: '名'.repeat(51) }).name).toContain('50');
    expect(validateCollab({ ...ok, remark: '备'.repeat(501) }).remark).toContain('500');
  });
});
