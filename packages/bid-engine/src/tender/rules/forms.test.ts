import { describe, expect, it } from 'vitest';
import type { Block } from '../../reading/model/types.js';
import { heading, modelFile, para, table } from '../../../test/fixtures/model.js';
import { extractCard, flattenOutline, generateOutline } from '../index.js';
import { formsFromModel } from './forms.js';
import { buildFactSheet, writeSectionOffline } from '../../writer/index.js';

const item = (page: number, numbering: string, text: string): Block => ({ type: 'list-item', page, pageEnd: page, level: 1, numbering, text });

/** A small tender: a 须知 listing the parts, a format chapter with a letter, a price table and a 承诺函 of six clauses. */
const BLOCKS: Block[] = [
  heading(1, '第一章 投标邀请'),
  para(1, '项目名称：东湖示例公园保洁服务项目'),
  para(1, '项目编号：DH-2026-017'),
  para(1, '采购人：东湖示例管理处'),
  heading(2, '第二章 投标人须知'),
  heading(2, '1. 投标文件的组成', 2),
  item(2, '（1）', '响应函；'),
  item(2, '（2）', '分项报价表；'),
  item(2, '（3）', '服务承诺函；'),
  item(2, '（4）', '服务方案。'),
  heading(5, '第六章 响应文件格式'),
  heading(5, '一、响应函', 2),
  para(5, '致：（采购人名称）'),
  para(5, '我方（供应商名称）参加贵方项目编号为______的采购活动，响应有效期为自截止之日起____日。'),
  para(5, '供应商名称（公章）：'),
  para(5, '日期：    年  月  日'),
  heading(6, '二、分项报价表', 2),
  table(6, [
    ['序号', '服务内容', '单位', '数量', '最高限价（元）', '单价（元）', '合价（元）'],
    ['1', '日常保洁', '平方米', '12000', '3.50', '', ''],
    ['2', '垃圾清运', '车次', '365', '120.00', '', ''],
  ]),
  para(6, '注：单价不得高于最高限价。'),
  heading(7, '三、服务承诺函', 2),
  para(7, '我方郑重承诺：'),
  ...['一、', '二、', '三、', '四、', '五、', '六、'].map((n, i) => item(7, n, `承诺条款第${i + 1}项：按采购人要求履行的内容。`)),
  heading(8, '第七章 附件'),
  para(8, '其他说明。'),
];

describe('the format chapter’s forms (issue 24)', () => {
  it('each form heading with its body up to the next form: lines, tables as grids, list items with their numbering', () => {
    const forms = formsFromModel({ blocks: BLOCKS, furniture: [], pageCount: 8 });
    expect(forms.map((f) => f.title)).toEqual(['一、响应函', '二、分项报价表', '三、服务承诺函']);
    expect(forms[1]!.blocks[0]).toEqual({ t: 'table', rows: expect.arrayContaining([['1', '日常保洁', '平方米', '12000', '3.50', '', '']]) });
    expect(forms[1]!.blocks.at(-1)).toEqual({ t: 'p', text: '注：单价不得高于最高限价。' });
    // the last form stops at the next chapter
    expect(forms[2]!.blocks.map((b) => (b.t === 'p' ? b.text : ''))).toEqual(['我方郑重承诺：', ...[1, 2, 3, 4, 5, 6].map((i) => `${'一二三四五六'[i - 1]}、承诺条款第${i}项：按采购人要求履行的内容。`)]);
  });

  it('a merged cell is printed once: the slots it covers are marked, not repeated', () => {
    const forms = formsFromModel({
      blocks: [heading(1, '第五章 投标文件格式'), heading(1, '一、投标函', 2), para(1, '致：'), heading(2, '二、报价表', 2), table(2, [[{ t: '报价', cs: 2 }, '备注'], ['1', '2', '']])],
      furniture: [],
      pageCount: 2,
    });
    expect(forms[1]!.blocks[0]).toEqual({ t: 'table', rows: [['报价', null, '备注'], ['1', '2', '']] });
  });

  it('a format chapter whose title was read as a paragraph (「第四部分⇥投标文件格式」) still has its forms; a heading, when there is one, is the chapter', () => {
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 5),
      para(2, '投标书必须按照本招标文件第四部分的格式要求制作。'),
      para(5, '第四部分\t投标文件格式'),
      heading(5, '附件1：《投标书》', 3),
      para(5, '致：（采购人名称）'),
      para(5, '我方愿意按招标文件的要求提供服务。'),
      heading(6, '附件2：投标价格一览表', 3),
      table(6, [['项目名称', '投标总价（元）'], ['', '']]),
      heading(7, '附件3：投标人情况简介', 3),
      para(7, '投标人按实际情况简要介绍本单位。'),
    ];
    expect(formsFromModel({ blocks, furniture: [], pageCount: 7 }).map((f) => f.title)).toEqual(['附件1：《投标书》', '附件2：投标价格一览表', '附件3：投标人情况简介']);
    // a heading naming the chapter wins over a paragraph repeating its title (a running header)
    const headed = formsFromModel({ blocks: [...blocks.slice(0, 6), heading(5, '第四部分 投标文件格式'), ...blocks.slice(7, 11), para(7, '第四部分 投标文件格式'), ...blocks.slice(11)], furniture: [], pageCount: 7 });
    expect(headed.map((f) => f.title)).toEqual(['附件1：《投标书》', '附件2：投标价格一览表', '附件3：投标人情况简介']);
  });

  it('a part’s title printed as a line is its form with or without its note, and when a PDF ran the first sub-form’s title on', () => {
    const blocks: Block[] = [
      heading(5, '第六章 投标文件格式'),
      para(5, '1满足示例采购法第二十二条规定1-1营业执照等证明文件'),
      heading(5, '投标人资格声明书', 2),
      para(5, '在参与本次项目投标中，我单位承诺：具有良好的商业信誉。'),
      para(6, '2落实示例采购政策的资格要求（如有）'),
      para(6, '说明：不专门面向中小企业的，无需提供声明函。'),
      heading(7, '投标书', 2),
      para(7, '致：（采购人名称）'),
    ];
    const forms = formsFromModel({ blocks, furniture: [], pageCount: 7 }, [], ['满足示例采购法第二十二条规定', '落实示例采购政策的资格要求', '投标书']);
    expect(forms.map((f) => f.title)).toEqual(['1满足示例采购法第二十二条规定1-1营业执照等证明文件', '投标人资格声明书', '2落实示例采购政策的资格要求（如有）', '投标书']);
    expect(forms[2]!.blocks).toEqual([{ t: 'p', text: '说明：不专门面向中小企业的，无需提供声明函。' }]);
  });

  it('no format chapter, no forms', () => {
    expect(formsFromModel({ blocks: BLOCKS.slice(0, 10), furniture: [], pageCount: 2 })).toEqual([]);
  });

  it('the writer reproduces each form as its part: fixed text kept, blanks filled, the rows and the six clauses kept, no filler', () => {
    const card = extractCard([modelFile(BLOCKS)]);
    expect(card.forms?.map((f) => f.title)).toEqual(['一、响应函', '二、分项报价表', '三、服务承诺函']);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const facts = buildFactSheet(card, { bidType: 1 });
    const write = (title: string) => {
      const node = flattenOutline(nodes).find((n) => n.title === title)!;
      expect(node, title).toBeDefined();
      return writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts, enterprise: { name: '示例保洁有限公司', contacts: '021-5555' }, targetChars: 2000, bidType: 1, outline: nodes }).text;
    };
    const letter = write('响应函');
    expect(letter).toContain('致：东湖示例管理处');
    expect(letter).toContain('我方示例保洁有限公司参加贵方项目编号为DH-2026-017的采购活动');
    expect(letter).toMatch(/自截止之日起【待填写：[^】]+】日/);
    expect(letter).toContain('供应商名称（公章）：示例保洁有限公司');
    const price = write('分项报价表');
    expect(price).toContain('1\t日常保洁\t平方米\t12000\t3.50\t【待填写：单价（元）】\t【待填写：合价（元）】');
    expect(price).toContain('2\t垃圾清运\t车次\t365\t120.00');
    const promise = write('服务承诺函');
    for (let i = 1; i <= 6; i++) expect(promise).toContain(`承诺条款第${i}项：按采购人要求履行的内容。`);
    // the form and nothing else: no padding to the target length, no price form's tail
    expect(promise.length).toBeLessThan(300);
    expect(promise).not.toMatch(/金额大小写|币种/);
  });

  it('a part’s form whose title is printed as a plain line is still its form; a letter-like form of a written part is written as the form', () => {
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 6),
      item(2, '（1）', '响应函；'),
      item(2, '（2）', '法定代表人身份证明书；'),
      item(2, '（3）', '投标文件签署授权委托书；'),
      item(2, '（4）', '服务方案。'),
      heading(5, '第六章 响应文件格式'),
      heading(5, '一、响应函', 2),
      para(5, '致：（采购人名称）'),
      heading(6, '二、法定代表人身份证明书', 2),
      para(6, '（姓名）系我单位的法定代表人，特此证明。'),
      para(6, '日期：    年  月  日'),
      para(6, '三、投标文件签署授权委托书'),
      para(6, '本人（姓名）系（供应商名称）的法定代表人，现委托（姓名）为我方代理人。'),
      heading(7, '四、服务方案', 2),
      para(7, '（格式自定）'),
      heading(8, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    expect(card.forms?.map((f) => f.title)).toContain('三、投标文件签署授权委托书');
    const { nodes } = generateOutline(card, { bidType: 1 });
    const facts = buildFactSheet(card, { bidType: 1 });
    const write = (title: string) => {
      const node = flattenOutline(nodes).find((n) => n.title === title && n.isLeaf)!;
      expect(node, title).toBeDefined();
      return { node, text: writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts, enterprise: { name: '示例保洁有限公司' }, targetChars: 1500, bidType: 1, outline: nodes }).text };
    };
    const proxy = write('投标文件签署授权委托书');
    expect(proxy.text).toContain('本人【待填写：姓名】系示例保洁有限公司的法定代表人');
    const rep = write('法定代表人身份证明书');
    expect(rep.node.mode).toBe('form');
    expect(rep.text).toContain('系我单位的法定代表人，特此证明。');
    // guidance for a plan stays a plan to write
    expect(flattenOutline(nodes).find((n) => n.title === '服务方案')?.mode).toBe('ai');
  });

  it('a part holding scored sections keeps its form when the letter says 「包括但不限于」 in the bidder’s voice', () => {
    // 资格及资信证明文件: a 授权书 whose letter lists what the agent may do (「包括但不限于：投标、开标…」) is a form to
    // fill, not guidance for a plan; the part answers scoring rows, so the form opens it as its first section
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 6),
      item(2, '（1）', '响应函；'),
      item(2, '（2）', '资格及资信证明文件；'),
      item(2, '（3）', '服务方案。'),
      heading(3, '第三章 评分办法'),
      table(3, [
        ['评分因素', '分值', '评分标准'],
        ['企业荣誉', '3', '提供市级以上荣誉证书的得3分。'],
        ['项目业绩', '4', '每提供一个同类项目业绩得1分，最高4分。'],
      ]),
      heading(5, '第六章 响应文件格式'),
      heading(5, '一、响应函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '日期：    年  月  日'),
      heading(6, '二、资格及资信证明文件', 2),
      para(6, '二-1单位授权书（若有）'),
      para(6, '致：（采购人或采购代理机构）'),
      para(6, '我方的单位负责人（填写“单位负责人全名”）授权（填写“投标人代表全名”）为投标人代表，全权代表我方处理投标过程的一切事宜，包括但不限于：投标、参加开标、澄清、签约等。'),
      para(6, '投标人代表无转委权。特此授权。'),
      para(6, '二-2依法缴纳税收证明材料'),
      para(6, '现附上自____年__月__日至____年__月__日期间我方缴纳的税收凭据复印件，上述证明材料真实有效，否则我方负全部责任。'),
      heading(7, '三、服务方案', 2),
      para(7, '投标人应根据采购需求自行编写服务方案，包括但不限于人员配置、质量保障。'),
      heading(8, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const all = flattenOutline(nodes);
    const node = all.find((n) => n.title === '资格及资信证明文件' && n.isLeaf);
    expect(node?.mode).toBe('form');
    const text = writeSectionOffline({ card, node: node!, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;
    expect(text).toContain('投标人代表无转委权。特此授权。');
    expect(text).toContain('上述证明材料真实有效，否则我方负全部责任。');
    // guidance for a plan stays a plan to write
    expect(all.find((n) => n.title === '服务方案')?.mode).toBe('ai');
  });

  it('the 法定代表人证明书 is the form (spaced labels, blanks named by the words after them), no next form’s number at its end; a note naming a document is that document’s place', () => {
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 6),
      item(2, '（1）', '响应函；'),
      item(2, '（2）', '法定代表人证明书；'),
      item(2, '（3）', '监狱企业证明；'),
      item(2, '（4）', '服务方案。'),
      heading(5, '第六章 响应文件格式'),
      heading(5, '一、响应函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '日期：    年  月  日'),
      heading(6, '法定代表人证明书', 2),
      para(6, '_____________现任我单位_____________职务，为法定代表人，特此证明。'),
      para(6, '附：代表人性别：_____年龄：_________ 身份证号码：__________________'),
      para(6, '供应商名称（盖章）：__________________'),
      para(6, '地  址：__________________'),
      para(6, '日  期：__________________'),
      para(6, '格式六：'),
      heading(7, '监狱企业证明', 2),
      para(7, '提供由监狱管理局、戒毒管理局出具的属于监狱企业的证明文件。'),
      para(7, '（以下格式文件由供应商根据需要选用）'),
      heading(8, '服务方案', 2),
      para(8, '投标人应根据采购需求自行编写服务方案。'),
      heading(9, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const all = flattenOutline(nodes);
    const write = (title: string) => {
      const node = all.find((n) => n.title === title && n.isLeaf)!;
      expect(node?.mode, title).toBe('form');
      return writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), enterprise: { name: '示例保洁有限公司', legalRep: '张示例' }, targetChars: 1500, bidType: 1, outline: nodes }).text;
    };
    const rep = write('法定代表人证明书');
    expect(rep).toContain('张示例现任我单位【待填写：职务】职务，为法定代表人，特此证明。');
    expect(rep).toContain('供应商名称（盖章）：示例保洁有限公司');
    expect(rep).not.toContain('格式六');
    // no composed filler under the form
    expect(all.filter((n) => n.parentId === all.find((x) => x.title === '法定代表人证明书')!.id)).toEqual([]);
    const prison = write('监狱企业证明');
    expect(prison).toBe('提供由监狱管理局、戒毒管理局出具的属于监狱企业的证明文件。\n附：【待填写：监狱企业证明（证明文件附后）】');
  });

  it('a form no part names that follows a plan part’s guidance is printed at the head of that part, not lost', () => {
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 6),
      item(2, '（1）', '响应函；'),
      item(2, '（2）', '保洁方案；'),
      item(2, '（3）', '营业执照复印件；'),
      item(2, '（4）', '业绩证明材料。'),
      heading(3, '第三章 评分办法'),
      table(3, [
        ['评分因素', '分值', '评分标准'],
        ['人员配置', '10', '人员配置合理的得10分。'],
        ['应急预案', '5', '应急预案完善的得5分。'],
      ]),
      heading(5, '第六章 响应文件格式'),
      heading(5, '一、响应函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '日期：    年  月  日'),
      heading(6, '二、保洁方案', 2),
      para(6, '（技术标部分）'),
      heading(7, '三、开标一览表', 2),
      table(7, [
        ['投标内容', '年度投标报价（含增值税价格）', '增值税税率或征收率', '服务期'],
        ['东湖示例公园保洁服务', '', '', '12个月'],
      ]),
      para(7, '注：投标报价保留小数点后2位。'),
      heading(8, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const all = flattenOutline(nodes);
    const plan = all.find((n) => n.title === '保洁方案' && !n.isLeaf)!;
    const first = all.find((n) => n.parentId === plan.id)!;
    expect(first).toMatchObject({ title: '保洁方案', mode: 'form' });
    const text = writeSectionOffline({ card, node: first, parentTitles: ['保洁方案'], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;
    expect(text).toContain('三、开标一览表');
    expect(text).toContain('东湖示例公园保洁服务\t【待填写：年度投标报价（含增值税价格）】\t【待填写：增值税税率或征收率】\t12个月');
    expect(text).toContain('注：投标报价保留小数点后2位。');
  });

  it('a scored part the outline splits into plan sections keeps its form: the tender’s table and notes lead the first section, once', () => {
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 6),
      item(2, '（1）', '响应函；'),
      item(2, '（2）', '拟派项目团队成员情况；'),
      item(2, '（3）', '服务方案。'),
      heading(3, '第三章 评分办法'),
      table(3, [
        ['评分因素', '分值', '评分标准'],
        ['拟派项目团队成员情况', '10', '项目负责人具有相关职称的得5分；团队成员配置齐全、分工明确的得5分。'],
        ['服务方案', '20', '服务方案完整可行的得20分。'],
      ]),
      heading(5, '第六章 响应文件格式'),
      heading(5, '一、响应函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '日期：    年  月  日'),
      heading(6, '二、拟派项目团队成员情况', 2),
      table(6, [
        ['序号', '姓名', '拟任岗位', '职称', '从事本类服务年限'],
        ['1', '', '', '', ''],
        ['2', '', '', '', ''],
      ]),
      para(6, '注：表后附成员的职称证书及劳动合同复印件，顺序与本表一致。'),
      heading(7, '三、服务方案', 2),
      para(7, '投标人应根据采购需求自行编写服务方案。'),
      heading(8, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const all = flattenOutline(nodes);
    const part = all.find((n) => n.title === '拟派项目团队成员情况')!;
    const children = all.filter((n) => n.parentId === part.id);
    // the scored part holds plan sections (the outline's own choice), none of them the form
    expect(part.isLeaf).toBe(false);
    expect(children.length).toBeGreaterThan(1);
    expect(children.every((n) => n.mode === 'ai')).toBe(true);
    const write = (node: (typeof all)[number]) =>
      writeSectionOffline({ card, node, parentTitles: [part.title], siblingTitles: children.map((n) => n.title), facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;
    const first = write(children[0]!);
    expect(first).toContain('序号\t姓名\t拟任岗位\t职称\t从事本类服务年限');
    expect(first).toContain('注：表后附成员的职称证书及劳动合同复印件，顺序与本表一致。');
    // printed once: the other sections are the plan
    expect(write(children[1]!)).not.toContain('从事本类服务年限');
    // a scored plan part whose form is the tender's words on what goes there: those words open its first section
    const plan = all.find((n) => n.title === '服务方案')!;
    const sections = all.filter((n) => n.parentId === plan.id);
    expect(sections[0]?.mode).toBe('ai');
    const lead = writeSectionOffline({ card, node: sections[0]!, parentTitles: [plan.title], siblingTitles: sections.map((n) => n.title), facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;
    expect(lead).toContain('投标人应根据采购需求自行编写服务方案。');
  });

  it('a part links its form whose title carries a note (「（三）授权委托书（适用于…）」); a grid of labels gets each slot filled; a letter naming 「支付凭证」 asks for no attachment', () => {
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 6),
      item(2, '（1）', '廉洁承诺书；'),
      item(2, '（2）', '法定代表人（单位负责人）授权委托书；'),
      item(2, '（3）', '投标人情况一览表。'),
      heading(5, '第六章 响应文件格式'),
      heading(5, '（一）廉洁承诺书', 2),
      para(5, '1．不给招标人有关人员送礼金、有价证券、支付凭证和礼品等。'),
      para(5, '2．不接受招标人有关人员违规推荐的企业。'),
      para(5, '日期：    年  月  日'),
      heading(6, '（二）授权委托书（适用于有委托代理人的情况）', 2),
      para(6, '本人（姓名）系（投标人名称）的法定代表人，现委托（姓名）为我方代理人。代理人无转委托权。'),
      heading(7, '（三）投标人情况一览表', 2),
      table(7, [
        ['投标人名称', '', '注册资金', ''],
        ['联系电话', '', '单位地址', ''],
        // a label merged over two columns: its slot is past the merge
        ['注册地址', '', { t: '邮政编码', cs: 2 }, ''],
      ]),
      heading(8, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const all = flattenOutline(nodes);
    const write = (title: string) => {
      const node = all.find((n) => n.title === title && n.isLeaf)!;
      expect(node?.mode, title).toBe('form');
      return writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), enterprise: { name: '示例保洁有限公司', contacts: '021-5555' }, targetChars: 1500, bidType: 1, outline: nodes }).text;
    };
    expect(write('廉洁承诺书')).not.toContain('附后');
    expect(write('法定代表人（单位负责人）授权委托书')).toContain('本人【待填写：姓名】系示例保洁有限公司的法定代表人');
    const grid = write('投标人情况一览表');
    expect(grid).toContain('投标人名称\t示例保洁有限公司\t注册资金\t【待填写：注册资金】');
    expect(grid).toContain('联系电话\t021-5555\t单位地址\t【待填写：单位地址】');
    expect(grid).toMatch(/注册地址\t【待填写：注册地址】\t邮政编码\t+【待填写：邮政编码】/);
  });

  it('a part linked to a volume’s index line (nothing under it) prints the form printed further on under the same title without the numbering', () => {
    const blocks: Block[] = [
      heading(1, '第一章 投标邀请'),
      para(1, '项目名称：西岭示例中学课桌椅采购'),
      heading(2, '第二章 投标人须知'),
      heading(2, '1. 投标文件的组成', 2),
      item(2, '（1）', '投标函；'),
      item(2, '（2）', '开标一览表；'),
      item(2, '（3）', '分项报价明细表；'),
      item(2, '（4）', '价格扣除证明材料。'),
      heading(5, '第六章 投标文件格式'),
      heading(5, '一、投标函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '我方愿按招标文件的全部要求供货，投标有效期为投标截止之日起九十日。'),
      para(5, '日期：    年  月  日'),
      heading(6, '报价部分索引', 2),
      heading(6, '一、开标一览表', 2),
      heading(6, '二、分项报价明细表', 2),
      heading(6, '三、价格扣除证明材料', 2),
      heading(7, '开标一览表', 3),
      para(7, '投标人名称：'),
      table(7, [['序号', '报价内容', '最高限价', '投标报价'], ['1', '课桌椅', '880000 元', '']]),
      para(7, '时间：     年     月     日'),
      heading(7, '分项报价明细表', 3),
      table(7, [['序号', '货物名称', '数量', '单价', '总价'], ['1', '双人课桌', '400 张', '', ''], ['2', '学生椅', '800 张', '', '']]),
      para(7, '时间：     年     月     日'),
      heading(8, '三、价格扣除证明材料', 2),
      para(8, '提供节能产品、环境标志产品认证证书复印件（若有）。'),
      heading(9, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    // the index's lines are lines of the index, not empty forms of their own
    expect(card.forms?.map((f) => [f.title, f.blocks.length > 0])).toEqual([
      ['一、投标函', true],
      ['报价部分索引', true],
      ['开标一览表', true],
      ['分项报价明细表', true],
      ['三、价格扣除证明材料', true],
    ]);
    expect(card.forms?.[1]?.blocks).toEqual(['一、开标一览表', '二、分项报价明细表', '三、价格扣除证明材料'].map((text) => ({ t: 'p', text })));
    const { nodes } = generateOutline(card, { bidType: 1 });
    const write = (title: string) => {
      const node = flattenOutline(nodes).find((n) => n.title === title)!;
      expect(node, title).toBeDefined();
      return writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;
    };
    const opening = write('开标一览表');
    expect(opening).toContain('1\t课桌椅\t880000 元\t【待填写：投标报价】');
    expect(opening).not.toContain('格式未印出正文');
    // each form once, under its own part: the opening table is not the detail table's, nor the deduction's
    expect(opening).not.toContain('双人课桌');
    const detail = write('分项报价明细表');
    expect(detail).toContain('2\t学生椅\t800 张');
    expect(detail).not.toContain('课桌椅\t880000');
    const deduction = write('价格扣除证明材料');
    expect(deduction).toContain('提供节能产品、环境标志产品认证证书复印件（若有）。');
    expect(deduction).not.toMatch(/880000|双人课桌/);
  });

  it('a form part the format chapter gives no form for is a titled placeholder saying so', () => {
    const blocks = BLOCKS.map((b) => (b.type === 'list-item' && b.text === '服务方案。' ? { ...b, text: '廉洁承诺书。' } : b));
    const card = extractCard([modelFile(blocks)]);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const node = flattenOutline(nodes).find((n) => n.title === '廉洁承诺书')!;
    expect(node?.mode).toBe('form');
    const out = writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes });
    expect(out.text).toBe('未在招标文件的“投标文件格式”一章中找到「廉洁承诺书」的格式，请按招标文件的要求编写或附上本部分：【待填写：廉洁承诺书】');
  });

  it('two parts of one title told apart by their brackets (one in each volume) are two sections, each printing its own form', () => {
    const blocks: Block[] = [
      heading(2, '第二章 投标人须知'),
      heading(3, '10．投标文件的组成', 4),
      heading(3, '10.1 资格及商务文件由以下部分组成', 6),
      item(3, '（1）', '投标函；'),
      item(3, '（2）', '报价一览表；'),
      item(3, '（3）', '投标人认为需要加以说明的其他内容（第一部分）。'),
      heading(3, '10.2 技术文件由以下部分组成', 6),
      item(3, '（1）', '授权委托书；'),
      item(3, '（2）', '服务方案；'),
      item(3, '（3）', '投标人认为需要加以说明的其他内容（第二部分）。'),
      heading(3, '11．投标报价', 4),
      item(3, '（1）', '报价应包含全部费用。'),
      heading(10, '第六章 投标文件格式'),
      heading(11, '一、投标函', 2),
      para(11, '致：（采购人名称）'),
      para(11, '我方愿按招标文件的全部要求提供本项目的服务，投标有效期为投标截止之日起九十日。'),
      para(11, '日期：    年  月  日'),
      heading(11, '二、报价一览表', 2),
      table(11, [['项目名称', '投标总价（元）'], ['', '']]),
      heading(12, '三、投标人认为需要加以说明的其他内容（第一部分）', 2),
      para(12, '（本部分内容可供公开，以下为第二部分。）'),
      heading(13, '一、授权委托书', 2),
      para(13, '本人（姓名）系（投标人名称）的法定代表人，现委托（姓名）为我方代理人，代理人无转委托权。'),
      para(13, '日期：    年  月  日'),
      heading(13, '二、服务方案', 2),
      para(13, '投标人应根据采购需求自行编写服务方案。'),
      heading(14, '三、投标人认为需要加以说明的其他内容（第二部分）', 2),
      para(14, '（一）违规行为风险知悉确认书'),
      para(14, '本单位在投标前已充分知悉下列违规行为的法律后果，承诺在采购活动中依法诚信参与，不出借资质，不串通投标。'),
      para(14, '投标人（盖章）：'),
      para(14, '日期：    年  月  日'),
      heading(15, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const twins = card.composition.filter((p) => p.title.startsWith('投标人认为需要加以说明的其他内容'));
    expect(twins.map((p) => p.title)).toEqual(['投标人认为需要加以说明的其他内容（第一部分）', '投标人认为需要加以说明的其他内容（第二部分）']);
    expect(twins.map((p) => p.form?.page)).toEqual([12, 14]);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const [first, second] = twins.map((p) => nodes.find((n) => n.title === p.title));
    expect(first && second).toBeTruthy();
    const write = (node: NonNullable<typeof first>) =>
      writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;
    const leafText = (node: NonNullable<typeof first>) => (node.children.length ? node.children.map(write) : [write(node)]).join('\n');
    expect(leafText(second!)).toContain('承诺在采购活动中依法诚信参与，不出借资质，不串通投标。');
    expect(leafText(first!)).not.toContain('不串通投标');
  });

  it('the contents table the chapter prints before its forms (「格式 1.目录（参考）」) is a form, printed with the first part', () => {
    const blocks: Block[] = [
      ...BLOCKS.slice(0, 11),
      para(5, '格式 1.目录（参考）'),
      heading(5, '目录'),
      table(5, [
        ['序号', '文件名称', '页码', '注意事项'],
        ['1', '响应函', '', '（按规定格式盖章签署，否则响应无效）'],
        ['2', '分项报价表', '', '（单价不得高于最高限价）'],
      ]),
      ...BLOCKS.slice(11),
    ];
    const card = extractCard([modelFile(blocks)]);
    expect(card.forms?.[0]?.title).toBe('格式 1.目录（参考）');
    const { nodes } = generateOutline(card, { bidType: 1 });
    const all = flattenOutline(nodes);
    const write = (title: string) => {
      const node = all.find((n) => n.title === title && n.isLeaf)!;
      return writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;
    };
    const first = write('响应函');
    expect(first).toContain('（按规定格式盖章签署，否则响应无效）');
    expect(first.indexOf('注意事项')).toBeLessThan(first.indexOf('致：'));
    // printed once: not with the part after it
    expect(write('分项报价表')).not.toContain('注意事项');
  });
});
