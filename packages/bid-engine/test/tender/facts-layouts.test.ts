/**
 * Issue 23: key facts laid out in ways the reader missed — each a small generated tender (page texts or a hand-built
 * document model), never corpus text. Every value must cite an excerpt that is on its page.
 */
import { describe, expect, it } from 'vitest';
import { modelFile, table } from '../fixtures/model.js';
import { extractCard } from '../../src/tender/card.js';
import { parseDateTime } from '../../src/tender/text.js';
import type { TenderFileInput } from '../../src/tender/types.js';
import { verifyExcerpt } from '../../src/tender/verify.js';

const file = (pages: string[]): TenderFileInput => ({
  name: '招标文件.docx',
  role: 'main',
  order: 0,
  pages: pages.map((text, i) => ({ page: i + 1, text })),
});

function cited(f: TenderFileInput, e: { source: { page: number; excerpt: string }; verified: boolean } | null | undefined): void {
  expect(e).toBeTruthy();
  expect(e!.verified).toBe(true);
  expect(verifyExcerpt(f.pages, e!.source.page, e!.source.excerpt), e!.source.excerpt).toBe(true);
}

describe('the deadline: a form blank filled in, a clarification row, a date after the label closed', () => {
  it('hour and minute written into underlined blanks are read (「9 时____30____分」)', () => {
    expect(parseDateTime('为2031年4月2日 14 时____15____分。')?.value).toBe('2031-04-02 14:15');
    expect(parseDateTime('2031年4月2日＿10＿时＿00＿分')?.value).toBe('2031-04-02 10:00');
    // a blank left empty gives the date alone, never a stray hour
    expect(parseDateTime('2031年4月2日 ____ 时 ____ 分')?.value).toBe('2031-04-02');
  });

  it('a broad 截止时间 in the value cell of a row about clarifications is that row’s, not the bid deadline', () => {
    const f = file([
      '第一章 招标公告\n项目名称：江州港区照明改造项目\n6.2 投标文件递交：电子投标文件通过交易平台递交，投标截止时间为2031年6月18日 9 时____30____分。',
      '投标人须知前附表\n2.4.1\t投标人要求澄清招标文件的截止时间\t截止时间：2031年6月1日17时00分\n2.4.2\t招标人发出澄清或者修改的截止时间和方式\t截止时间：2031年6月5日09时00分（北京时间）',
    ]);
    const card = extractCard([f]);
    expect(card.deadline!.value).toBe('2031-06-18 09:30');
    cited(f, card.deadline);
  });

  it('a date after the label’s phrase has closed (a bracket, a semicolon) answers other words: no deadline', () => {
    const f = file([
      '评分标准\n运输能力\t车辆须在有效租期内（租赁期不早于投标截止日期）；如租赁结束期未至2031年8月31日的不得分。',
      '招标公告\n申请人的资格要求：具有独立承担民事责任的能力。',
    ]);
    const card = extractCard([f]);
    expect(card.deadline).toBeNull();
  });
});

describe('the ceiling worded 控制金额', () => {
  it('「本项目控制金额为…元」 is the ceiling; a budget’s 预算控制金额 and a 单价控制金额 are not', () => {
    const f = file([
      '一、项目基本信息\n财政预算限额（元）：2,400,000.00\n本项目控制金额为人民币2,300,000.00元，投标报价超出控制金额将作投标无效处理。\n如注明有单价控制金额的产品，投标人对该产品的报价不得超过控制金额。',
    ]);
    const card = extractCard([f]);
    expect(card.ceilingPrice!.value).toBe(2300000);
    cited(f, card.ceilingPrice);
    const g = file(['报价要求\n总报价不得超过项目预算控制金额186.5万元，各子项报价不得超过其预算。']);
    expect(extractCard([g]).ceilingPrice).toBeNull();
  });
});

describe('the agency defined in its cell, the office that carries the project out named after it', () => {
  it('「本文件所述的“政府集中采购机构”指A。本项目具体由A（分公司）执行。」 gives the fuller name', () => {
    const f = modelFile([
      table(1, [
        ['通用条款序号', '涉及事项', '具体补充内容'],
        ['3.1', '采购人', '江州市第九中学'],
        ['3.2', '政府集中采购机构', '本文件所述的“政府集中采购机构”指江州公共资源交易中心。本项目具体由江州公共资源交易中心（江州交易集团有限公司东城分公司）执行。'],
      ]),
    ]);
    const card = extractCard([f]);
    expect(card.purchaser!.value).toBe('江州市第九中学');
    expect(card.agency!.value).toBe('江州公共资源交易中心（江州交易集团有限公司东城分公司）');
    cited(f, card.agency);
  });

  it('the definition alone gives the defined name; an executor that is another organisation is not taken', () => {
    const f = modelFile([
      table(1, [
        ['通用条款序号', '涉及事项', '具体补充内容'],
        ['3.2', '政府集中采购机构', '本文件所述的“政府集中采购机构”指江州公共资源交易中心。本项目具体由江州市财政局执行。'],
      ]),
    ]);
    expect(extractCard([f]).agency!.value).toBe('江州公共资源交易中心');
  });
});

describe('the project name from a long cover title', () => {
  it('a single title line of 40–60 characters above 「招标文件」 names the project when no 项目名称 label is printed', () => {
    const title = '江州铁路建设集团电气工程有限公司江州市域铁路JZSG-3标四电项目综合监控系统设备采购';
    expect(title.length).toBeGreaterThan(40);
    const f = file([`${title}\n招标文件\n招标编号:JZTL-DQ-2031-017\n二O三一年三月`, '第一章 招标公告\n1.招标条件\n本招标项目已具备招标条件。']);
    const card = extractCard([f]);
    expect(card.projectName!.value).toBe(title);
    cited(f, card.projectName);
  });
});
