import { describe, expect, it } from 'vitest';
import type { TenderCard } from '@btz/shared';
import { MAIN_FILE } from '../../test/fixtures/tender-pages.js';
import { extractCard } from '../tender/card.js';
import { buildAnalysisReport, type ReportEnterprise } from './index.js';

// the fixture's deadline is 2026-12-18
const card = extractCard([MAIN_FILE]);
const at = (iso: string) => new Date(`${iso}T02:00:00Z`);
const ENT: ReportEnterprise = {
  name: '江州智联科技有限公司',
  creditCode: '91330100MA2ABCDE1X',
  qualifications: [{ name: '信息技术服务标准（ITSS）符合性证书 二级', expiry: '2029-12-10' }],
};
const decide = (c: TenderCard, ent: ReportEnterprise | null, day: string) => buildAnalysisReport(c, ent, at(day)).decision;

describe('the go/no-go page', () => {
  it('every requirement the facts decide is held and the deadline is weeks away: 建议投标 unless the reader was unsure', () => {
    const sure = { ...card, failedParts: [], notices: [] } as TenderCard;
    const report = buildAnalysisReport(sure, ENT, at('2026-11-27'));
    expect(report.checkCounts.missing).toBe(0);
    expect(report.checkCounts.expiring).toBe(0);
    const d = report.decision;
    if (report.review.length) {
      expect(d.verdict).toBe('caution');
      expect(d.reasons.join()).toContain('把握不足');
    } else {
      expect(d.verdict).toBe('go');
      expect(d.verdictLabel).toBe('建议投标');
    }
    expect(d.constraints.find((c) => c.label === '投标截止')!.text).toBe('2026-12-18 09:30（距今 21 天）');
  });

  it('a certificate lapsing before the deadline, or a deadline three days off, is 谨慎投标 with the reason', () => {
    const lapsing = decide(card, { ...ENT, qualifications: [{ name: '信息技术服务标准（ITSS）符合性证书 二级', expiry: '2026-12-10' }] }, '2026-11-27');
    expect(lapsing.verdict).toBe('caution');
    expect(lapsing.reasons.join()).toMatch(/1 项资质在投标截止前到期.*ITSS/);
    const late = decide(card, ENT, '2026-12-16');
    expect(late.verdict).not.toBe('go');
    expect(late.reasons).toContain('距投标截止仅 2 天，编制、盖章与递交时间紧张');
  });

  it('a lacking certificate or a passed deadline is 不建议投标, most serious reason first', () => {
    const lacking = decide(card, { name: '某公司', creditCode: '91330100MA2ABCDE1X', qualifications: [{ name: 'ISO9001质量管理体系认证', expiry: '2030-01-01' }] }, '2026-11-27');
    expect(lacking.verdict).toBe('no-go');
    expect(lacking.reasons[0]).toMatch(/^资格要求中有 1 项企业尚不具备/);
    const passed = decide(card, ENT, '2026-12-19');
    expect(passed.verdictLabel).toBe('不建议投标');
    expect(passed.reasons[0]).toBe('投标截止时间 2026-12-18 09:30 已过');
  });

  it('without enterprise facts nothing can be held: 谨慎投标, saying so', () => {
    const d = decide(card, null, '2026-11-27');
    expect(d.verdict).toBe('caution');
    expect(d.reasons).toContain('尚未填写企业信息或上传资料库，资格与得分无法核对');
  });

  it('scoring rows: evidence rows earnable or not from the facts, plan rows by the writing, price rows by the price', () => {
    const scoring = [
      { id: 's1', item: '质量管理体系', points: 3, criteria: '具有有效的ISO9001质量管理体系认证证书得3分', category: 'commercial' as const },
      { id: 's2', item: '信息安全管理', points: 2, criteria: '具有ISO27001信息安全管理体系认证证书得2分', category: 'commercial' as const },
      { id: 's3', item: '技术方案', points: 30, criteria: '方案完整、合理得30分', category: 'technical' as const },
      { id: 's4', item: '投标报价', points: 30, criteria: '最低价为基准价', category: 'price' as const },
    ];
    const c = { ...card, scoring } as TenderCard;
    const ent = { ...ENT, qualifications: [...ENT.qualifications!, { name: 'ISO9001质量管理体系认证证书', expiry: '2030-01-01' }] };
    const p = decide(c, ent, '2026-11-27').points;
    expect(p.rows.map((r) => [r.item, r.state])).toEqual([
      ['质量管理体系', 'earnable'],
      ['信息安全管理', 'lost'],
      ['技术方案', 'writing'],
      ['投标报价', 'price'],
    ]);
    expect([p.earnable, p.lost, p.writing, p.price]).toEqual([3, 2, 30, 30]);
  });

  it('hard constraints: unit-price caps, on-site work and penalties are listed with their pages', () => {
    const c = {
      ...card,
      priceCaps: [{ kind: 'unit', value: 12.55, unit: '条', text: '采购单价控制价：12.55元/条', verified: true, source: { file: 'a', page: 4, excerpt: '' } }],
      importantClauses: [
        ...card.importantClauses,
        { id: 'x1', text: '中标人须安排不少于3人驻场服务。', verified: true, source: { file: 'a', page: 6, excerpt: '' } },
        { id: 'x2', text: '每逾期一天，按合同金额的千分之一支付违约金。', verified: true, source: { file: 'a', page: 7, excerpt: '' } },
      ],
    } as TenderCard;
    const d = decide(c, ENT, '2026-11-27');
    expect(d.constraints.map((x) => [x.label, x.page])).toEqual(expect.arrayContaining([['单价上限', 4], ['驻场/本地化', 6], ['违约与扣罚', 7]]));
    expect(d.constraints.find((x) => x.label === '单价上限')!.text).toContain('12.55元/条');
  });

  it('a row grading certificates named in words (「质量管理体系认证」…每提供一个得5分) is earnable from an ISO 9001 certificate', () => {
    const row = { id: 's1', item: '公司认证情况', points: 15, criteria: '投标人具备认证有效期内的“质量管理体系认证”、“环境管理体系认证”三者之一，每提供一个上述认证证书得5分。', category: 'commercial' as const };
    const c = { ...card, scoring: [row] } as TenderCard;
    const held = decide(c, { ...ENT, qualifications: [{ name: 'ISO9001质量管理体系认证证书', expiry: '2030-01-01' }] }, '2026-11-27').points.rows[0]!;
    expect(held).toMatchObject({ state: 'earnable', basis: expect.stringContaining('ISO9001质量管理体系认证证书') });
    const lapsed = decide(c, { ...ENT, qualifications: [{ name: 'ISO9001质量管理体系认证证书', expiry: '2026-12-01' }] }, '2026-11-27').points.rows[0]!;
    expect(lapsed.state).not.toBe('earnable');
  });
});
