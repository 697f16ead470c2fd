import { describe, expect, it } from 'vitest';
import { findDates, isValidCreditCode, proposalNotes, proposeFields, proposeType, withCreditCheck } from '../../src/databank/index.js';

const CODE = withCreditCheck('91310115MA1K4ABC1'); // a code with a correct check character, made here

describe('统一社会信用代码', () => {
  it('checks the 18th character (GB 32100-2015)', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true); // a published example
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode(CODE)).toBe(true);
    const wrong = CODE.slice(0, 17) + (CODE[17] === '0' ? '1' : '0');
    expect(isValidCreditCode(wrong)).toBe(false);
    expect(isValidCreditCode('91310115MA1K4ABC1I')).toBe(false); // I is never used
  });
});

describe('dates', () => {
  it('reads 2026年3月1日, 2026-03-01, 2026.3.1 and 二〇二六年三月一日', () => {
    const dates = findDates('甲 2026年3月1日 乙 2026-03-02 丙 2026.3.3 丁 二〇二六年三月十一日 戊 二〇二五年十二月三十一日 己 2026年2月30日').map((d) => d.date);
    expect(dates).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-11', '2025-12-31']);
  });
});

describe('proposeFields', () => {
  it('a business licence: code, issuer, dates and type', () => {
    const text = [
      '营 业 执 照',
      `统一社会信用代码 ${CODE}`,
      '名 称 上海示例建设工程有限公司',
      '类 型 有限责任公司',
      '成立日期 2015年06月18日',
      '营业期限 2015年06月18日至2035年06月17日',
      '登记机关 上海市浦东新区市场监督管理局',
      '二〇二四年三月一日',
    ].join('\n');
    const f = proposeFields(text);
    expect(f).toMatchObject({
      type: '营业执照',
      creditCode: CODE,
      name: '上海示例建设工程有限公司',
      issuer: '上海市浦东新区市场监督管理局',
      validFrom: '2015-06-18',
      expiry: '2035-06-17',
    });
  });

  it('finds the code with OCR spaces inside and full-width digits', () => {
    const spaced = CODE.split('').join(' ').replace(/1/g, '１');
    expect(proposeFields(`统一社会信用代码：${spaced}`).creditCode).toBe(CODE);
    const numeric = withCreditCheck('91320500608276103');
    expect(proposeFields(`代码 ${numeric.replace(/1/g, 'I').replace(/0/g, 'O')}`).creditCode).toBe(numeric); // OCR's I for 1, O for 0
  });

  it('says why the code is blank when the OCR read only part of it, and nothing when it read it whole', () => {
    const cut = `名称：示例公司\n统一社会信用代码：${CODE.slice(0, 13)}\n住所：某市某路`;
    const p = proposeFields(cut);
    expect(p.creditCode).toBeNull();
    expect(proposalNotes(cut, p)).toEqual([`统一社会信用代码未能完整识别：只识别到「${CODE.slice(0, 13)}」（13 位，应为 18 位），请对照原件填写。`]);
    const smudged = '统一社会信用代码：\n住所：某市某路';
    expect(proposalNotes(smudged, proposeFields(smudged))[0]).toContain('未能识别出代码');
    const whole = `统一社会信用代码：${CODE}`;
    expect(proposalNotes(whole, proposeFields(whole))).toEqual([]);
    expect(proposalNotes('某某证书 编号 123', proposeFields('某某证书 编号 123'))).toEqual([]);
  });

  it('a certificate: number, issuer, 发证日期 and 有效期至 in Chinese numerals', () => {
    const text = '建筑业企业资质证书\n证书编号：D231234567\n资质等级：施工总承包贰级\n发证机关：江苏省住房和城乡建设厅\n发证日期：二〇二一年五月十日\n有效期至：二〇二六年五月九日';
    expect(proposeFields(text)).toMatchObject({ type: '资质证书', number: 'D231234567', issuer: '江苏省住房和城乡建设厅', validFrom: '2021-05-10', expiry: '2026-05-09' });
  });

  it('an ISO certificate with a range 有效期：…至…', () => {
    const f = proposeFields('质量管理体系认证证书 ISO 9001:2015\n证书号：00124Q31234R1M\n有效期：2024年1月5日至2027年1月4日\n认证机构：中国质量认证中心');
    expect(f).toMatchObject({ type: 'ISO 认证', number: '00124Q31234R1M', validFrom: '2024-01-05', expiry: '2027-01-04', issuer: '中国质量认证中心' });
  });

  it('a person certificate names the person; nothing found gives nulls and 其他', () => {
    expect(proposeFields('中华人民共和国一级注册建造师注册证书\n姓名：张三\n注册编号：苏132050801234').person).toBe('张三');
    expect(proposeFields('今天天气很好')).toMatchObject({ type: '其他', creditCode: null, number: null, issuer: null, validFrom: null, expiry: null });
  });

  it('types from keywords', () => {
    expect(proposeType('资产负债表 2025年12月31日')).toBe('财务报表');
    expect(proposeType('完税证明')).toBe('纳税证明');
    expect(proposeType('社会保险参保缴费证明')).toBe('社保证明');
    expect(proposeType('企业信用报告')).toBe('信用报告');
    expect(proposeType('施工合同 合同金额：120万元 甲方：某市人民医院')).toBe('业绩合同');
  });
});
