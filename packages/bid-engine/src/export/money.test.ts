import { describe, expect, it } from 'vitest';
import mammoth from 'mammoth';
import type { EditorDoc } from '@btz/shared/editor';
import { exportBidDocx } from './docx.js';
import { formatMoney, isMoneyHeader } from './money.js';

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const row = (cells: string[], header = false) => ({ type: 'tableRow', content: cells.map((c) => ({ type: header ? 'tableHeader' : 'tableCell', content: [para(c)] })) });

describe('money in tables', () => {
  it('knows a money header from a count, a rate or a description', () => {
    for (const h of ['金额', '投标报价（元）', '单价(元)', '总价', '合价（万元）', '最高限价', '元', '分项报价（元）', '单价（元/条）']) expect(isMoneyHeader(h), h).toBe(true);
    for (const h of ['序号', '数量', '下浮率（%）', '报价说明', '服务内容', '报价依据', '价格分', '报价得分', '分值']) expect(isMoneyHeader(h), h).toBe(false);
  });

  it('formats a figure alone as money, leaves anything else as written', () => {
    expect(formatMoney('1234567.8')).toBe('1,234,567.80');
    expect(formatMoney('980,000')).toBe('980,000.00');
    expect(formatMoney('¥ 12.5')).toBe('¥12.50');
    expect(formatMoney('3860000元')).toBe('3,860,000.00元');
    expect(formatMoney('0.125')).toBe('0.125');
    expect(formatMoney('【待填写：单价】')).toBeNull();
    expect(formatMoney('约 100 元')).toBeNull();
    expect(formatMoney('12.55元/工单')).toBeNull();
  });

  it('the exported table prints money columns as money (right-aligned), other columns untouched', async () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            row(['序号', '分项名称', '数量', '单价（元）', '合价（元）'], true),
            row(['1', '数据维护', '1000', '12.5', '12500']),
            row(['2', '驻场服务', '12', '【待填写：单价】', '1234567.8']),
            { type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: 4 }, content: [para('合计')] }, { type: 'tableCell', content: [para('1247067.8')] }] },
          ],
        },
      ],
    } as EditorDoc;
    const buf = await exportBidDocx({
      title: 't',
      outline: [{ id: 'p', title: '分项报价表', level: 1, children: [] }],
      sections: { p: doc },
      settings: { headingStyle: 'chapter', pageNumber: { start: 1, format: 'plain', position: 'center' } },
    });
    const raw = (await mammoth.extractRawText({ buffer: buf })).value;
    const cells = raw.slice(raw.indexOf('序号')).split('\n').map((l) => l.trim()).filter(Boolean);
    expect(cells).toEqual([
      '序号', '分项名称', '数量', '单价（元）', '合价（元）',
      '1', '数据维护', '1000', '12.50', '12,500.00',
      '2', '驻场服务', '12', '【待填写：单价】', '1,234,567.80',
      '合计', '1,247,067.80',
    ]);
  });
});
