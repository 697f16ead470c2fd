/**
 * Issue 23: facts, lots, bonds, price caps and the qualification list on layouts of tenders the reader had not seen —
 * each case a small generated input (page texts or a hand-built document model), never a copy of a corpus file.
 */
import { describe, expect, it } from 'vitest';
import { heading, modelFile, para, table } from '../../test/fixtures/model.js';
import { extractCard } from './card.js';
import { ceilingSentence } from './ceiling.js';
import { bondTerms, tickedText } from './rules/facts.js';
import { lotMentions } from './rules/lots.js';
import { splitInline } from './rules/qualifications.js';
import type { TenderFileInput } from './types.js';
import { verifyExcerpt } from './verify.js';

const file = (pages: string[], extra: Partial<TenderFileInput> = {}): TenderFileInput => ({
  name: '招标文件.docx',
  role: 'main',
  order: 0,
  pages: pages.map((text, i) => ({ page: i + 1, text })),
  ...extra,
});

function expectVerified(f: TenderFileInput, e: { source: { page: number; excerpt: string }; verified: boolean } | null | undefined): void {
  expect(e).toBeTruthy();
  expect(e!.verified).toBe(true);
  expect(verifyExcerpt(f.pages, e!.source.page, e!.source.excerpt), e!.source.excerpt).toBe(true);
}

describe('the Shenzhen public-procurement layout: key facts in a table before the cover, no deadline printed', () => {
  const f = modelFile([
    para(1, '特别警示条款'),
    table(2, [
      ['', '招标文件信息'],
      ['项目编号：', 'SZCG2031000777'],
      ['项目名称：', '江州市第三人民医院智能药柜采购项目'],
      ['包号：', 'A'],
      ['采购方式：', '公开招标'],
    ]),
    para(3, '政府采购招标文件'),
    para(3, '江州公共资源交易中心'),
    table(4, [
      ['通用条款序号', '涉及事项', '具体补充内容'],
      ['3.1', '采购人', '江州市第三人民医院'],
      ['3.2', '政府集中采购机构', '江州公共资源交易中心 （江州交易集团有限公司东城分公司）'],
      ['12/13', '招标文件的澄清和修改', '投标截止日三日前，投标人有义务浏览澄清信息'],
    ]),
    table(5, [
      ['序号', '采购计划编号', '采购项目名称', '财政预算限额（元）'],
      ['1', 'PLAN-2031-0001', '智能药柜采购（一期）', '1200000.00'],
      ['2', 'PLAN-2031-0002', '智能药柜采购（二期）', '800000.00'],
      ['合计', '合计', '合计', '2,000,000.00'],
    ]),
    para(6, '本项目不收取投标保证金。'),
  ]);
  const card = extractCard([f]);

  it('number and name from the 招标文件信息 table, purchaser and agency from the 补充内容 rows, no deadline', () => {
    expect(card.projectNumber!.value).toBe('SZCG2031000777');
    expect(card.projectName!.value).toBe('江州市第三人民医院智能药柜采购项目');
    expect(card.purchaser!.value).toBe('江州市第三人民医院');
    // the branch in brackets after the cell's line break, the space the break left taken out
    expect(card.agency!.value).toBe('江州公共资源交易中心（江州交易集团有限公司东城分公司）');
    expectVerified(f, card.agency);
    expect(card.deadline).toBeNull();
  });

  it('the budget is the 采购计划 table’s 合计 row, not one of its plans', () => {
    expect(card.budget!.value).toBe(2_000_000);
    expect(card.ceilingPrice).toBeNull();
    expectVerified(f, card.budget);
  });

  it('「本项目不收取投标保证金」 is a bond of kind none (a fact, not a missing one); 包号 A alone is no lots', () => {
    expect(card.bidBond).toMatchObject({ kind: 'none', value: '本项目不收取投标保证金' });
    expectVerified(f, card.bidBond);
    expect(card.lots).toEqual([]);
  });
});

describe('names and numbers printed awkwardly', () => {
  it('a definition sentence (本项目是指…) gives the name, not the sentence', () => {
    const card = extractCard([
      file(['1.采购代理机构：本项目是指江州市公共资源交易中心，负责整个采购活动的组织。\n2.采购人：本项目是指江州理工学院，是采购活动当事人之一。']),
    ]);
    expect(card.purchaser!.value).toBe('江州理工学院');
    expect(card.agency!.value).toBe('江州市公共资源交易中心');
  });

  it('the bid deadline is an instant: a date without its hour under the broad label is passed over for the labelled one', () => {
    const f = file(['业绩证明材料截止日期：2025年8月31日\n', '投标截止时间：2025年9月10日上午9:30（北京时间）']);
    expect(extractCard([f]).deadline).toMatchObject({ value: '2025-09-10 09:30', source: { page: 2 } });
    // a labelled deadline printed without its hour is still the deadline when nothing better is printed
    expect(extractCard([file(['投标截止时间：2025年9月10日'])]).deadline!.value).toBe('2025-09-10');
    // and a date-only value under the broad label alone is none
    expect(extractCard([file(['营业执照有效期截止日期：2025年8月31日'])]).deadline).toBeNull();
  });

  it('a clause number, an empty form row and 「见公告」 are never the project name; the cover title wrapped over lines is', () => {
    const f = file([
      '江州燃气有限公司 2031 年度短\n信息业务服务项目\n招标文件\n招标人：江州燃气有限公司',
      '条款号\t条款名称\t编列内容\n1.1.4\t项目名称\n1.2.1\t资金来源\n1.1.3\t集中招标项目名称\t项目名称：见公告 招标编号：见公告',
      '谈判登记表\n采购项目名称\n谈判联系人\t\t联系人手机',
      '序号\t项目名称\t计量单位\t数量\t全费用综合单价（元/条）（含税价）',
    ]);
    const card = extractCard([f]);
    expect(card.projectName!.value).toBe('江州燃气有限公司2031年度短信息业务服务项目');
    // from the cover title, not a labelled field: the card says a person should check it
    expect(card.projectName!.flags).toContain('uncertain');
    expect(card.projectName!.doubt).toBeTruthy();
    expectVerified(f, card.projectName);
  });

  it('a name labelled inside a sample sentence comes after one labelled as a field', () => {
    const card = extractCard([
      file([
        '3.1.3\t封套上应载明的信息\t投标文件的封套上应正确标明技术资信标、商务标等内容，否则招标人不承担投标文件错放的责任，由此造成的提前开封的投标文件将予以拒绝。项目名称:江州水务2031年度巡检服务项目（技术标/商务标）投标人：',
        '项目名称：江州水务2031年度巡检服务项目',
      ]),
    ]);
    expect(card.projectName!.value).toBe('江州水务2031年度巡检服务项目');
    expect(card.projectName!.source.page).toBe(2);
  });

  it('「采购项目名称及项目编号」 in one cell; a trailing 号 after a code dropped, a re-run tender’s round kept', () => {
    const card = extractCard([
      file(['项目编号：JZDT2031-120（1）', '1.1.4\t采购项目名称 及项目编号\t江州地铁3号线供电设备二次采购 项目编号：JZDT2031-120（1）']),
    ]);
    expect(card.projectName!.value).toBe('江州地铁3号线供电设备二次采购');
    expect(card.projectNumber!.value).toBe('JZDT2031-120（1）');
    expect(card.projectNumber!.flags).toBeUndefined();
    const other = extractCard([file(['招标编号：ZBZX0000896ZX0010号\n项目编号：3300002532-ZJ-2573350-11 三次'])]);
    expect(other.projectNumber!.value).toBe('ZBZX0000896ZX0010');
    expect(other.projectNumber!.flags).toContain('conflict');
    expect(extractCard([file(['项目编号：3300002532-ZJ-2573350-11 三次'])]).projectNumber!.value).toBe('3300002532-ZJ-2573350-11三次');
  });

  it('a lot named inside the project name stays in it', () => {
    const card = extractCard([file(['项目名称：源代码安全检测服务项目(包1)（第二次）'])]);
    expect(card.projectName!.value).toBe('源代码安全检测服务项目(包1)（第二次）');
  });

  it('the vocabulary of procedures outside 招标: 应答文件, 报价截止, 征询人, 最高响应限价, 采购预估金额', () => {
    const card = extractCard([
      file([
        '征询人：江州市数据局\n应答文件提交截止时间：2031年3月5日14时00分\n1.2.1采购预估金额：35万元（含税）。\n1.3本项目设置最高响应限价，最高响应限价为价税合计总价350000元（含税）。',
      ]),
    ]);
    expect(card.purchaser!.value).toBe('江州市数据局');
    expect(card.deadline!.value).toBe('2031-03-05 14:00');
    expect(card.budget!.value).toBe(350_000);
    expect(card.ceilingPrice!.value).toBe(350_000);
  });

  it('a total said of each bidder is a total; a rule about amounts is no amount; a key-value table’s 「☑无」 row is no ceiling', () => {
    const c1 = extractCard([file(['4、最高限价：每家投标人投标总价报价不超过630000元（含税）。'])]);
    expect(c1.ceilingPrice!.value).toBe(630_000);
    const c2 = extractCard([file(['预算金额（元）：200000.00\n预算金额未达100万元的采购项目，由采购人处理采购争议。'])]);
    expect(c2.budget!.value).toBe(200_000);
    expect(c2.budget!.flags).toBeUndefined();
    const f = modelFile([
      table(1, [
        ['条款号', '条款名称', '内容'],
        ['3.2.3', '最高限价', '☑无 □有，最高投标限价：'],
        ['11.5', '其他', '1.本次谈判物资如需抽检，费用由供应商承担。'],
      ]),
    ]);
    expect(extractCard([f]).ceilingPrice).toBeNull();
  });
});

describe('lots only where the procurement is split', () => {
  it('a goods list (包 as a unit), 承包三级 and a single 采购包 are no lots', () => {
    const goods = extractCard([file(['序号\t单位\t数量\t品名\n包 6 核桃\n包 100 鲜沙姜\n包 1 红枣\n包 2 花生'])]);
    expect(goods.lots).toEqual([]);
    const works = extractCard([file(['本项目共1个采购包\n采购包1：综合评分法\n供应商须具有建筑工程施工总承包三级或专业承包二级资质'])]);
    expect(works.lots).toEqual([]);
    expect(lotMentions('专业承包二级、总承包三级、打包2件')).toEqual([]);
  });

  it('Shenzhen-style 「A包」「B包」 in an example clause are no lots', () => {
    const card = extractCard([file(['例如，不能将甲项目A包的招标书导入投标书编制软件，制作乙项目 B 包的投标书。\n包号：A包'])]);
    expect(card.lots).toEqual([]);
  });

  it('a lot table: code ids with their names in brackets, several rows of one lot', () => {
    const f = modelFile([
      table(2, [
        ['序号', '包件号/包件名称', '物资名称', '数量'],
        ['1', 'JZ08（电气火灾监控设备）', '监控主机', '1'],
        ['2', 'JZ08（电气火灾监控设备）', '探测器', '120'],
        ['3', 'JZ09（矿物质电缆及附件）', '电力电缆', '880'],
      ]),
    ]);
    expect(extractCard([f]).lots).toEqual([
      { id: 'JZ08', name: 'JZ08 电气火灾监控设备' },
      { id: 'JZ09', name: 'JZ09 矿物质电缆及附件' },
    ]);
  });

  it('a stated split and a 标段 table whose second lot is printed over three rows', () => {
    const f = modelFile([
      para(1, '本项目划分为2个标段，确定2家中标供应商。'),
      table(1, [
        ['标段', '内容'],
        ['一标段', '幼儿园审计服务'],
        ['二标段', '公办学校审计服务'],
        ['二标段', '资助学校审计服务'],
        ['二标段', '离任审计服务'],
      ]),
    ]);
    expect(extractCard([f]).lots).toEqual([
      { id: '1', name: '一标段 幼儿园审计服务' },
      { id: '2', name: '二标段 公办学校审计服务、资助学校审计服务、离任审计服务' },
    ]);
  });

  it('lettered 标段 (「A标段」「B标段」) enumerated in the procurement are lots, with their names', () => {
    const card = extractCard([
      file(['本项目划分为3个标段。\nA标段（东城区12所学校社工服务）；B标段（西城区10所学校社工服务）；C标段（南城区8所学校社工服务）。']),
    ]);
    expect(card.lots.map((l) => l.id)).toEqual(['A', 'B', 'C']);
    expect(card.lots[1]!.name).toContain('西城区10所学校社工服务');
    // a 标段 letter inside a code is none
    expect(lotMentions('项目编号：ZFCG-2031-A标')).toEqual([]);
  });

  it('a lot table naming each lot in a 项目名称 column (one name a lot, not the project’s repeated)', () => {
    const f = modelFile([
      table(2, [
        ['包号', '采购项目名称', '预算金额（万元）'],
        ['1', '中文图书（人文类）', '200'],
        ['2', '中文图书（理工类）', '150'],
        ['3', '外文期刊', '90'],
      ]),
    ]);
    expect(extractCard([f]).lots).toEqual([
      { id: '1', name: '中文图书（人文类）' },
      { id: '2', name: '中文图书（理工类）' },
      { id: '3', name: '外文期刊' },
    ]);
    const same = modelFile([
      table(2, [
        ['包号', '项目名称', '预算金额（万元）'],
        ['1', '江州市学校设备采购项目', '200'],
        ['2', '江州市学校设备采购项目', '150'],
      ]),
    ]);
    expect(extractCard([same]).lots.map((l) => l.name)).toEqual(['1', '2']);
  });

  it('a 标项 line giving the lot’s name and then its facts: the name is the lot’s', () => {
    const card = extractCard([
      file(['标项一：食品抽检服务，预算金额：50万元，最高限价：50万元\n标项二：药品抽检服务，预算金额：30万元，最高限价：30万元']),
    ]);
    expect(card.lots.map((l) => l.name)).toEqual(['标项一 食品抽检服务', '标项二 药品抽检服务']);
  });

  it('Zhejiang 标项 headings numbered from the first', () => {
    const card = extractCard([file(['标项一：抽检服务（食品）\n预算金额：50万元\n标项二：抽检服务（药品）\n预算金额：30万元'])]);
    expect(card.lots.map((l) => l.id)).toEqual(['1', '2']);
  });
});

describe('bid bonds: none, an amount, a percentage', () => {
  it('reads the terms of a bond clause', () => {
    expect(bondTerms('本项目不收取磋商保证金')).toEqual({ kind: 'none' });
    expect(bondTerms('：投标报价的1.5–2%')).toMatchObject({ kind: 'percent', percent: 1.5, percentMax: 2, percentOf: '投标报价' });
    expect(bondTerms('：项目预算金额的2%')).toMatchObject({ kind: 'percent', percent: 2 });
    expect(bondTerms('：人民币伍万元整（¥50,000.00）')).toEqual({ kind: 'amount', amount: 50_000 });
    expect(bondTerms('：0.00元整')).toEqual({ kind: 'none' });
    expect(bondTerms('■要求递交投标保证金，金额：人民币31200元 □无需递交投标保证金')).toEqual({ kind: 'amount', amount: 31_200 });
    expect(bondTerms('□要求递交投标保证金，金额：人民币31200元 ☑无需递交投标保证金')).toEqual({ kind: 'none' });
    expect(tickedText('【人民币伍仟】元 □无需提交')).toBe('【人民币伍仟】元 ');
  });

  it('on the card: a sentence saying there is none, a percentage, a figure under the bond’s heading', () => {
    const none = extractCard([file(['五、其他\n本项目不收取磋商保证金。'])]);
    expect(none.bidBond).toMatchObject({ kind: 'none' });
    const pct = extractCard([file(['投标保证金：投标报价的1.5–2%，以银行保函形式提交。'])]);
    expect(pct.bidBond).toMatchObject({ kind: 'percent', percent: 1.5, percentMax: 2 });
    expect(pct.bidBond!.amount).toBeUndefined();
    const f = file(['5.投标保证金\n5.1.金额：人民币 5000 元。\n5.2.交纳方式：银行转账']);
    const sub = extractCard([f]);
    expect(sub.bidBond).toMatchObject({ kind: 'amount', amount: 5000 });
    expectVerified(f, sub.bidBond);
  });
});

describe('price caps: unit prices and rates with their units; the ceiling stays the whole project’s', () => {
  it('unit caps in sentences', () => {
    const f = file([
      '8．最高投标限价：按大编组（1列）单价限高价1400元/组（含增值税），小编组（1组）单价限高价500元/组（含增值税）。\n采购单价控制价：12.55元/条',
    ]);
    const card = extractCard([f]);
    expect(card.ceilingPrice).toBeNull();
    expect(card.priceCaps!.map((c) => [c.kind, c.value, c.unit])).toEqual([
      ['unit', 1400, '组'],
      ['unit', 500, '组'],
      ['unit', 12.55, '条'],
    ]);
    expect(card.priceCaps![0]!.item).toBe('大编组（1列）');
    for (const c of card.priceCaps!) expectVerified(f, c);
  });

  it('a total ceiling and a unit cap side by side, four decimals kept', () => {
    const card = extractCard([file(['2.1 招标控制价（最高投标限价）：400000 元，最高投标单价：0.0344 元/条。'])]);
    expect(card.ceilingPrice!.value).toBe(400_000);
    expect(card.priceCaps).toMatchObject([{ kind: 'unit', value: 0.0344, unit: '条' }]);
    expect(ceilingSentence(card)).toBe('投标总价不超过最高限价（400000 元）。各项单价均不超过招标文件规定的单价限价（0.0344元/条）。');
  });

  it('rate caps, a wrapped sentence read across its lines', () => {
    const f = file(['其中，重点出版社纸本期刊综合费率不应超过 16%，其他出版社纸本期刊综合费率不\n应超过 34%。报价折扣不得超过100%。\n填写要求：0＜折扣率≤1。']);
    const card = extractCard([f]);
    expect(card.priceCaps!.map((c) => [c.kind, c.value, c.unit])).toEqual([
      ['rate', 16, '%'],
      ['rate', 34, '%'],
      ['rate', 100, '%'],
      ['rate', 1, ''],
    ]);
    for (const c of card.priceCaps!) expectVerified(f, c);
    expect(ceilingSentence(card)).toMatch(/^报价的费率（折扣率）不超过招标文件规定的上限（重点出版社纸本期刊综合费率不超过16%/);
  });

  it('a goods list’s 单价限价 column and a 最高限价 column beside a unit of 元/人天', () => {
    const f = modelFile([
      table(1, [
        ['序号', '货物名称', '数量', '单位', '单价限价（元）'],
        ['1', '办公椅', '109', '张', '1320'],
        ['2', '方凳', '238', '张', '/'],
        ['3', '办公桌', '24', '张', '4000'],
      ]),
      table(2, [
        ['序号', '人员类型', '单位', '不含税最高限价'],
        ['1', '项目经理', '元/人天', '1188'],
        ['2', '开发工程师', '元/人天', '962'],
      ]),
    ]);
    const card = extractCard([f]);
    expect(card.priceCaps!.map((c) => [c.item, c.value, c.unit])).toEqual([
      ['办公椅', 1320, '张'],
      ['办公桌', 4000, '张'],
      ['项目经理', 1188, '人天'],
      ['开发工程师', 962, '人天'],
    ]);
    expect(card.ceilingPrice).toBeNull();
    for (const c of card.priceCaps!) expectVerified(f, c);
  });
});

describe('the qualification list', () => {
  it('splits inline numbering that runs 1, 2, 3', () => {
    expect(splitInline('申请人的资格要求： 1.具有独立承担民事责任的能力； 2.不接受联合体投标； 3.未被列入失信名单').map((p) => p.text.trim())).toEqual([
      '1.具有独立承担民事责任的能力；',
      '2.不接受联合体投标；',
      '3.未被列入失信名单',
    ]);
    // 2.1 is a decimal, not the second item
    expect(splitInline('1.注册资本不低于2.1万元')).toEqual([]);
  });

  it('the requirements in one table cell, numbered inline, a note after them left out', () => {
    const f = modelFile([
      table(3, [['申请人的资格要求： 1.具有独立承担民事责任的能力（提供营业执照扫描件）； 2.本项目不接受联合体投标； 3.投标人须提供《保安服务许可证》。 注：（1）信用信息以开标当日的查询结果为准；']]),
    ]);
    const card = extractCard([f]);
    expect(card.qualifications.map((q) => q.text)).toEqual([
      '具有独立承担民事责任的能力（提供营业执照扫描件）；',
      '本项目不接受联合体投标；',
      '投标人须提供《保安服务许可证》。',
    ]);
    for (const q of card.qualifications) expectVerified(f, q);
  });

  it('the 资格要求 list, not the review procedure; a group line gives way to its sub-items; empty items dropped', () => {
    const f = file([
      [
        '三、资格审查',
        '1.磋商小组对递交响应文件的供应商进行资格审查，审查合格的供应商方可进入评审。',
        '2.资格审查不合格的供应商，其响应无效。',
        '二、供应商的资格要求',
        '1.满足《中华人民共和国政府采购法》第二十二条规定；',
        '2.落实政府采购政策需满足的资格要求：无',
        '3.本项目的特定资格要求：',
        '（1）具有建筑装修装饰工程专业承包二级（或以上）资质；',
        '（2）拟派项目负责人须具有二级建造师证书；',
        '注：同一总公司的分公司只允许一家参加。',
        '4.本项目不接受联合体投标。',
        '三、获取采购文件',
      ].join('\n'),
    ]);
    const card = extractCard([f]);
    expect(card.qualifications.map((q) => q.text)).toEqual([
      '满足《中华人民共和国政府采购法》第二十二条规定；',
      '具有建筑装修装饰工程专业承包二级（或以上）资质；',
      '拟派项目负责人须具有二级建造师证书；',
      '本项目不接受联合体投标。',
    ]);
  });

  it('an intro sentence heads the list; the next clause printed without punctuation ends it', () => {
    const card = extractCard([
      file(['2 本次招标的合格投标人应满足下列资格要求：\n2.1 具有独立法人资格。\n2.2 具有良好的商业信誉。\n3 有意参加本次招标的潜在投标人，请于规定时间内报名。']),
    ]);
    expect(card.qualifications.map((q) => q.text)).toEqual(['具有独立法人资格。', '具有良好的商业信誉。']);
  });

  it('each lot’s own requirements from the lot table’s 资格条件 column come first', () => {
    const f = modelFile([
      heading(1, '申请人的资格要求'),
      para(1, '1.具有独立承担民事责任的能力；'),
      para(1, '2.本项目不接受联合体报价。'),
      table(2, [
        ['序号', '包件号/包件名称', '物资名称', '供应商资格条件'],
        ['1', 'JZ08（监控设备）', '监控主机', '1.依法注册的制造商或代理商； 2.近五年同类供货业绩'],
        ['2', 'JZ09（电缆）', '电力电缆', '1.依法注册的制造商'],
      ]),
    ]);
    const card = extractCard([f]);
    expect(card.qualifications.map((q) => [q.lot ?? null, q.text])).toEqual([
      ['JZ08', 'JZ08（监控设备）：依法注册的制造商或代理商；'],
      ['JZ08', 'JZ08（监控设备）：近五年同类供货业绩'],
      ['JZ09', 'JZ09（电缆）：依法注册的制造商'],
      [null, '具有独立承担民事责任的能力；'],
      [null, '本项目不接受联合体报价。'],
    ]);
  });
});

describe('a budget table of several plans without a 合计 row', () => {
  it('sums the plans and says the figure needs a check; a column repeating one figure is that figure', () => {
    const f = modelFile([
      table(2, [
        ['序号', '采购计划编号', '采购项目名称', '预算金额（元）'],
        ['1', 'PLAN-2031-01', '江州某项目（一期）', '1,200,000.00'],
        ['2', 'PLAN-2031-02', '江州某项目（二期）', '300,000.00'],
      ]),
    ]);
    const card = extractCard([f]);
    expect(card.budget!.value).toBe(1_500_000);
    expect(card.budget!.flags).toContain('uncertain');
    expectVerified(f, card.budget);
    const same = modelFile([
      table(1, [
        ['序号', '货物名称', '数量', '预算金额（元）'],
        ['1', '平板', '1', '342000.00'],
        ['2', '白板', '1', '342000.00'],
      ]),
    ]);
    expect(extractCard([same]).budget!.value).toBe(342_000);
  });
});

describe('a project name cut at a line break', () => {
  it('joins the fragment that ends as a project does, even after a name that looks complete', () => {
    const f = file(['项目名称：江州市第一人民医院\n物业管理服务项目\n项目编号：JZ-2031-01']);
    const card = extractCard([f]);
    expect(card.projectName!.value).toBe('江州市第一人民医院物业管理服务项目');
    expectVerified(f, card.projectName);
    expect(extractCard([file(['采购人：江州市第一人民医院\n物业管理服务项目'])]).purchaser!.value).toBe('江州市第一人民医院');
  });
});
