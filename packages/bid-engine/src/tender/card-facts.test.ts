import { describe, expect, it } from 'vitest';
import { modelFile, table } from '../../test/fixtures/model.js';
import { extractCard } from './card.js';
import type { TenderFileInput } from './types.js';
import { verifyExcerpt } from './verify.js';

/** A tender given as page texts (what the corpus taught, written small). */
const file = (pages: string[], extra: Partial<TenderFileInput> = {}): TenderFileInput => ({
  name: '招标文件.docx',
  role: 'main',
  order: 0,
  pages: pages.map((text, i) => ({ page: i + 1, text })),
  ...extra,
});

function expectVerified(f: TenderFileInput, fact: { source: { page: number; excerpt: string }; verified: boolean } | null): void {
  expect(fact).not.toBeNull();
  expect(fact!.verified).toBe(true);
  expect(verifyExcerpt(f.pages, fact!.source.page, fact!.source.excerpt), fact!.source.excerpt).toBe(true);
}

describe('facts the real tenders print awkwardly', () => {
  it('a 项目名称 and a 采购人 wrapped onto the next line are joined', () => {
    const f = file([
      '项目名称：国家税务总局阳西县税务局非执法类辅助及后\n勤服务项目\n项目编号：M4400000707530946001\n采购人：北京松山国家级自然保护区管理处（北\n京市松山林场管理处）\n采购代理机构：北京国际招标有限公司',
    ]);
    const card = extractCard([f]);
    expect(card.projectName!.value).toBe('国家税务总局阳西县税务局非执法类辅助及后勤服务项目');
    expect(card.purchaser!.value).toBe('北京松山国家级自然保护区管理处（北京市松山林场管理处）');
    expect(card.agency!.value).toBe('北京国际招标有限公司');
    expectVerified(f, card.projectName);
    expectVerified(f, card.purchaser);
  });

  it('a garbled cover: the purchaser from the 须知 definition or the full name printed later, the agency from 集采机构', () => {
    const f = file([
      '项目编号：310113000240930133426-13157007\n2024年上海市公安局宝山分局物业管理服务\n公开招标文件\n采购单位：上      安局宝山分局\n集采机构：上海市宝山区政府采购中心',
      '2.3 “采购人 ”系指上海市公安局宝山分局。\n2.4 “集中采购机构 ”系指上海市宝山区政府采购中心。',
    ]);
    const card = extractCard([f]);
    expect(card.projectName!.value).toBe('2024年上海市公安局宝山分局物业管理服务');
    expect(card.purchaser!.value).toBe('上海市公安局宝山分局');
    expect(card.agency!.value).toBe('上海市宝山区政府采购中心');
    expectVerified(f, card.purchaser);

    const g = file(['采购人：市场监督管理局\n采购人地址：号', '2\t采购人\t招标人名称：上海市宝山区市场监督管理局 招标人地址：上海市宝山区漠河路600弄']);
    const c2 = extractCard([g]);
    expect(c2.purchaser!.value).toBe('上海市宝山区市场监督管理局');
    expectVerified(g, c2.purchaser);
  });

  it('a short name is replaced by the legal name the tender defines (以下简称)', () => {
    const f = file(['太平康复医院（上海）有限公司（以下简称“上海太平康复医院”）就劳务派遣服务项目进行邀请招标。', '招标人\t招标人：上海太平康复医院 地址：上海市浦东新区忘忧路99弄']);
    const card = extractCard([f]);
    expect(card.purchaser!.value).toBe('太平康复医院（上海）有限公司');
    expect(card.purchaser!.source.page).toBe(1);
    expectVerified(f, card.purchaser);
  });

  it('the 采购人信息 block of an announcement, a label run on into the next one, a 文件编号', () => {
    const f = file([
      '项目名称：北京大学图书馆2024-2025年文献资源建设供应商项目预算金额：1331.000000 万元（人民币）\n项目编号：0873-2401HW3L0241项目名称：北京大学图书馆\n文件编号：GF-YC-2026-0526-002',
      '1.采购人信息\n名 称：北京大学\n地址：北京市海淀区颐和园路5号\n2.采购代理机构信息\n名 称：北京中教仪国际招标代理有限公司',
    ]);
    const card = extractCard([f]);
    expect(card.projectName!.value).toBe('北京大学图书馆2024-2025年文献资源建设供应商项目');
    expect(card.projectNumber!.value).toBe('0873-2401HW3L0241');
    expect(card.budget!.value).toBe(13_310_000);
    expect(card.purchaser!.value).toBe('北京大学');
    expect(card.agency!.value).toBe('北京中教仪国际招标代理有限公司');
  });

  it('a unit cap is not the ceiling price; a yearly total is', () => {
    const unit = extractCard([file(['8．最高投标限价：按集动车大编组（1列）单价限高价1400元/组（含增值税），投标报价超过最高限价的投标文件将被否决。'])]);
    expect(unit.ceilingPrice).toBeNull();
    const yearly = extractCard([file(['10.8\t本次招标的最高投标限价： 总价：2,435,216.00元/年（含税）'])]);
    expect(yearly.ceilingPrice!.value).toBe(2_435_216);
  });

  it('the budget from the announcement table when no line labels it; the deadline in a sentence or in Chinese numerals', () => {
    const f = modelFile([
      table(3, [
        ['包号', '包名称', '数量', '预算金额(元)', '最高限价(元)'],
        ['1', '2024年物业管理费', '2', '107879 00.00', '107879 00.00'],
      ]),
    ]);
    f.pages[0]!.text += '\n4 所有投标文件应于2026年5月25日9:30时（北京时间）前递交到美丽园大厦。';
    const card = extractCard([f]);
    expect(card.budget!.value).toBe(10_787_900);
    expect(card.ceilingPrice!.value).toBe(10_787_900);
    expectVerified(f, card.budget);
    expect(card.deadline!.value).toBe('2026-05-25 09:30');
    const cn = extractCard([file(['投标截止时间：二〇二六年三月二十五日上午九时三十分（北京时间）'])]);
    expect(cn.deadline!.value).toBe('2026-03-25 09:30');
  });
});

describe('★ clauses as distinct clauses', () => {
  it('explanations of the mark are no clauses; a clause reprinted in a response table and a form heading repeating a listed form count once', () => {
    const f = file([
      '对投标人须知前附表中涉及★的格式文件，除可填报项目外，任何实质性修改将被视为非实质性响应。\n凡标有“★”的条款均系实质性要求条款。',
      '★（1）本项目的承包方式为招标项目总价包干，包含但不限于项目人员服务费。\n★5－1 法定代表人授权委托书\n★5－2 财务状况报告',
      '实质性响应条款一览表\n★（1）本项目的承包方式为招标项目总价包干，包含但不限于\n★附件5-1：\n★附件5-2：财务状况报告',
    ]);
    const card = extractCard([f]);
    expect(card.starClauses.map((c) => c.text)).toEqual([
      '（1）本项目的承包方式为招标项目总价包干，包含但不限于项目人员服务费。',
      '5－1 法定代表人授权委托书',
      '5－2 财务状况报告',
    ]);
    for (const c of card.starClauses) expectVerified(f, c);
  });
});

describe('an OCR page', () => {
  it('a colon read as a semicolon after a label still separates the value', () => {
    const f: TenderFileInput = {
      name: '公告.pdf',
      role: 'main',
      order: 0,
      pages: [{ page: 1, text: '项目编号；招案2024-0490\n1采购人信息\n名称；中华人民共和国洋山港海事局', ocr: true }],
    };
    const card = extractCard([f]);
    expect(card.projectNumber!.value).toBe('招案2024-0490');
    expect(card.purchaser!.value).toBe('中华人民共和国洋山港海事局');
    expectVerified(f, card.projectNumber);
  });
});

describe('organisation names run together with what follows them', () => {
  it('the next label without a space, a seal beside the name, and the buyer as a 征询 names it (征询方)', () => {
    const f = file([
      '征询公告\n征询方：江州市农业发展银行股份有限公司\n联系人：王某\n代理机构：江州招标咨询有限公司江州招标咨询有限公司（章）\n联系人：李某',
      '招标人：江州铁路建设有限公司招标组织单位：江州铁路建设有限公司',
    ]);
    const card = extractCard([f]);
    expect(card.purchaser!.value).toBe('江州市农业发展银行股份有限公司');
    expect(card.agency!.value).toBe('江州招标咨询有限公司');
    expectVerified(f, card.agency);
    const g = file(['招标人：江州铁路建设有限公司招标组织单位：江州铁路建设有限公司']);
    expect(extractCard([g]).purchaser!.value).toBe('江州铁路建设有限公司');
  });
});

describe('ceilings printed as lists or with 总', () => {
  it('a list of lots\' caps under one label is no project ceiling; 最高投标总限价 is one', () => {
    const lots = file(['项目名称：某检测服务采购项目\n预算金额（元）：2610000\n最高限价（元）：620000；540000；180000']);
    expect(extractCard([lots]).ceilingPrice).toBeNull();
    const total = file(['项目名称：某研发项目\n采购总预算：600.00万元（不含税）\n最高投标总限价：570万元（不含税）']);
    expect(extractCard([total]).ceilingPrice!.value).toBe(5700000);
  });
});

describe('scoring on the text path (a file without a model)', () => {
  it('TOC lines that look like rows are never rows', () => {
    const f = file([
      '目录\n第三章 评分标准\t27\n3.1初步评审标准\t27\n3.2详细评审标准\t28\n3.3评分细则(29)',
      '评分标准\n评分因素\t分值\t评分标准\n技术方案\t60\t方案完整得60分\n类似业绩\t40\t每个10分',
    ]);
    const card = extractCard([f]);
    expect(card.scoring.map((s) => [s.item, s.points])).toEqual([
      ['技术方案', 60],
      ['类似业绩', 40],
    ]);
  });
});
