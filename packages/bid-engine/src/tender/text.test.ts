import { describe, expect, it } from 'vitest';
import { afterChange, markerOf, parseCnInt, parseCnMoney, parseDateTime, parseMoney } from './text.js';
import { lotMentions, resolveLot } from './rules/lots.js';
import { classifyItem } from './rules/scoring.js';

describe('money', () => {
  it.each([
    ['386.5万元', 3_865_000],
    ['3,865,000.00元', 3_865_000],
    ['￥50,000.00', 50_000],
    ['¥ 1200', 1200],
    ['人民币120万元整', 1_200_000],
    ['1.2亿元', 120_000_000],
    ['人民币叁佰捌拾陆万伍仟元整', 3_865_000],
    ['伍万元整', 50_000],
    ['壹拾贰万叁仟肆佰伍拾陆元柒角捌分', 123_456.78],
  ])('%s → %d yuan', (s, yuan) => {
    expect(parseMoney(s)?.value).toBe(yuan);
  });
  it('a bare number needs a unit from its label; dates are not money', () => {
    expect(parseMoney('58')).toBeNull();
    expect(parseMoney('58', '万元')?.value).toBe(580_000);
    expect(parseMoney('2026年12月')).toBeNull();
  });
  it('大写 amounts', () => {
    expect(parseCnMoney('壹佰万元整')).toBe(1_000_000);
    expect(parseCnMoney('贰仟零伍元')).toBe(2005);
    expect(parseCnMoney('abc')).toBeNaN();
    expect(parseCnInt('十二')).toBe(12);
    expect(parseCnInt('一百零五')).toBe(105);
  });
});

describe('dates', () => {
  it.each([
    ['2026年12月18日 09:30', '2026-12-18 09:30'],
    ['2026年12月18日09时30分（北京时间）', '2026-12-18 09:30'],
    ['2026年12月18日上午9:30', '2026-12-18 09:30'],
    ['2026年3月5日下午2时30分', '2026-03-05 14:30'],
    ['2026年3月5日（星期四）下午2点', '2026-03-05 14:00'],
    ['2026-1-8 14:00', '2026-01-08 14:00'],
    ['2026/01/08 9时半', '2026-01-08 09:30'],
    ['北京时间2026年12月18日', '2026-12-18'],
  ])('%s → %s', (s, v) => {
    expect(parseDateTime(s)?.value).toBe(v);
  });
  it('no date, or an impossible one', () => {
    expect(parseDateTime('另行通知')).toBeNull();
    expect(parseDateTime('2026年13月40日')).toBeNull();
  });
  it('an amendment\'s new value comes after the change word', () => {
    const s = '由2026年12月18日09:30变更为2026年12月25日09:30';
    expect(parseDateTime(afterChange(s).text)?.value).toBe('2026-12-25 09:30');
  });
});

describe('markers, lots, categories', () => {
  it('numbering ranks', () => {
    expect(markerOf('第一章 招标公告')?.rank).toBe(0);
    expect(markerOf('一、项目基本情况')?.rank).toBe(2);
    expect(markerOf('（一）总体设计')?.rank).toBe(3);
    expect(markerOf('1. 投标函')?.rank).toBe(4);
    expect(markerOf('2.1 投标文件')?.rank).toBe(4.3);
    expect(markerOf('（3）开标一览表')?.rank).toBe(5);
    expect(markerOf('项目名称')).toBeNull();
  });
  it('lot mentions', () => {
    expect(lotMentions('第一标段、第2包、包3、二标段、采购包A').map((m) => m.id)).toEqual(['1', '2', '3', '2', 'A']);
    expect(lotMentions('投标文件包括投标函；打包装订')).toEqual([]);
    expect(resolveLot('第二标段', [])).toBe('2');
    expect(resolveLot('电子设备', [{ id: '1', name: '第一标段 办公家具' }, { id: '2', name: '第二标段 电子设备' }])).toBe('2');
  });
  it('scoring item categories by keyword', () => {
    expect(classifyItem('价格分')).toBe('price');
    expect(classifyItem('投标报价')).toBe('price');
    expect(classifyItem('实施方案')).toBe('technical');
    expect(classifyItem('售后服务')).toBe('technical');
    expect(classifyItem('拟派人员')).toBe('technical');
    expect(classifyItem('类似业绩')).toBe('commercial');
    expect(classifyItem('企业资质')).toBe('commercial');
    expect(classifyItem('企业信誉')).toBe('commercial');
  });
});
