import { describe, expect, it } from 'vitest';
import type { BidOutlineNode } from '@btz/shared';
import type { Block } from '../../reading/model/types.js';
import { heading, modelFile, para, table } from '../../../test/fixtures/model.js';
import { extractCard, flattenOutline, generateOutline } from '../index.js';
import { formRun } from './forms.js';
import { buildFactSheet, writeSectionOffline } from '../../writer/index.js';

const item = (page: number, numbering: string, text: string): Block => ({ type: 'list-item', page, pageEnd: page, level: 1, numbering, text });

/** A small tender (generated): its invitation and the 须知's list of the parts; the format chapter is each test's own. */
const HEAD: Block[] = [
  heading(1, '第一章 投标邀请'),
  para(1, '项目名称：西湖示例社区食堂服务项目'),
  para(1, '项目编号：XH-2026-031'),
  para(1, '采购人：西湖示例街道办事处'),
  heading(2, '第二章 投标人须知'),
  heading(2, '1. 投标文件的组成', 2),
];

const write = (card: ReturnType<typeof extractCard>, nodes: BidOutlineNode[], node: BidOutlineNode, parents: string[], siblings: string[]) =>
  writeSectionOffline({ card, node, parentTitles: parents, siblingTitles: siblings, facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes }).text;

describe('every form of the format chapter is printed under some part (issue 24 item 1)', () => {
  it('the forms ahead of the first form a part links belong to the part listed before it that links none', () => {
    const blocks: Block[] = [
      ...HEAD,
      item(2, '（1）', '资格审查证明材料：供应商基本情况表、投标保证金凭证；'),
      item(2, '（2）', '法定代表人身份证明；'),
      item(2, '（3）', '分项报价表。'),
      heading(5, '第六章 投标文件格式'),
      heading(5, '一、供应商基本情况表', 2),
      table(5, [
        ['供应商名称', '', '注册资金', ''],
        ['职工食堂从业人数', '', '健康证持证人数', ''],
      ]),
      para(5, '注：后附营业执照及食品经营许可证复印件并加盖公章。'),
      heading(6, '二、投标保证金凭证', 2),
      para(6, '此处粘贴：投标保证金银行转账回单复印件。'),
      heading(7, '三、法定代表人身份证明', 2),
      para(7, '姓名：____ 性别：____ 系（供应商名称）的法定代表人。'),
      para(7, '日期：    年  月  日'),
      heading(8, '四、分项报价表', 2),
      table(8, [
        ['序号', '服务内容', '数量', '单价（元）'],
        ['1', '早餐供应', '300', ''],
      ]),
      heading(9, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const part = card.composition.find((p) => p.title.startsWith('资格审查证明材料'));
    expect(part).toBeTruthy();
    // the part's run: both forms printed ahead of 「三、法定代表人身份证明」, in order
    expect(formRun(card, part!).forms.map((f) => f.title)).toEqual(['一、供应商基本情况表', '二、投标保证金凭证']);
    // the part after it keeps its own form only
    expect(formRun(card, { title: '法定代表人身份证明' }).forms.map((f) => f.title)).toEqual(['三、法定代表人身份证明']);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const all = flattenOutline(nodes);
    const text = all
      .filter((n) => n.isLeaf)
      .map((n) => write(card, nodes, n, [], []))
      .join('\n');
    expect(text).toContain('职工食堂从业人数');
    expect(text).toContain('注：后附营业执照及食品经营许可证复印件并加盖公章。');
    expect(text).toContain('此处粘贴：投标保证金银行转账回单复印件。');
    // once each
    expect(text.split('注：后附营业执照').length).toBe(2);
  });

  it('a form that follows only another copy of a part’s form (the same form printed in two volumes) is printed with the part', () => {
    const blocks: Block[] = [
      ...HEAD,
      item(2, '（1）', '投标函；'),
      item(2, '（2）', '分包情况说明；'),
      item(2, '（3）', '分项报价表。'),
      heading(5, '第六章 投标文件格式'),
      heading(5, '一、投标函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '我方愿意按招标文件的全部要求提供本项目的服务。'),
      para(5, '日期：    年  月  日'),
      heading(6, '分包情况说明', 2),
      para(6, '我方拟将下列非主体工作分包，分包单位情况如下。'),
      heading(6, '联合体协议', 2),
      para(6, '甲乙双方自愿组成联合体，共同参加本项目的投标，由甲方牵头。'),
      heading(7, '二、分项报价表', 2),
      table(7, [
        ['序号', '服务内容', '数量', '单价（元）'],
        ['1', '午餐供应', '300', ''],
      ]),
      heading(8, '分包情况说明', 2),
      para(8, '我方拟将下列非主体工作分包，分包单位情况如下表，分包单位不得再次分包。'),
      table(8, [
        ['序号', '分包单位名称', '分包内容', '分包金额（元）'],
        ['1', '', '', ''],
      ]),
      heading(9, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const run = formRun(card, { title: '分包情况说明' }).forms;
    // the fullest copy first, then the form only the other copy is followed by; no copy twice
    expect(run.map((f) => f.title)).toEqual(['分包情况说明', '联合体协议']);
    expect(run[0]!.blocks.some((b) => b.t === 'table')).toBe(true);
  });

  it('a part whose rows the outline nests a level deeper prints its form in its first leaf, whatever the depth', () => {
    const blocks: Block[] = [
      ...HEAD,
      item(2, '（1）', '投标函；'),
      item(2, '（2）', '服务方案。'),
      heading(5, '第六章 投标文件格式'),
      heading(5, '一、投标函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '日期：    年  月  日'),
      heading(6, '二、服务方案', 2),
      para(6, '投标人须根据评分表及第五章采购需求的要求编写，包括但不限于：膳食营养搭配、食材采购验收、留样管理。'),
      heading(9, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const node = (id: string, title: string, parentId: string, children: BidOutlineNode[] = []): BidOutlineNode =>
      ({ id, title, level: parentId ? 2 : 1, isLeaf: !children.length, index: 0, status: 0, parentId, readStatus: 0, number: '', children, kind: '技术', mode: 'ai', scoringIds: [] }) as BidOutlineNode;
    const first = node('n2-1-1', '膳食营养搭配', 'n2-1');
    const second = node('n2-1-2', '食材采购验收', 'n2-1');
    const topic = node('n2-1', '餐饮服务方案', 'n2', [first, second]);
    const plan = node('n2', '服务方案', '', [topic]);
    const nodes = [plan];
    const guidance = '膳食营养搭配、食材采购验收、留样管理';
    expect(write(card, nodes, first, ['服务方案', '餐饮服务方案'], ['膳食营养搭配', '食材采购验收'])).toContain(guidance);
    // printed once: not in the leaf after it
    expect(write(card, nodes, second, ['服务方案', '餐饮服务方案'], ['膳食营养搭配', '食材采购验收'])).not.toContain(guidance);
  });

  it('a part’s title printed only as a bracket-numbered entry of a volume’s list heads its form; an entry the list goes on after heads none; a section that is no part leaves the form to its part', () => {
    const blocks: Block[] = [
      ...HEAD,
      item(2, '（1）', '投标函；'),
      item(2, '（2）', '符合《中华人民共和国政府采购法》第二十二条规定的证明材料；'),
      item(2, '（3）', '分项报价表；'),
      item(2, '（4）', '配送服务方案；'),
      item(2, '（5）', '留样管理方案。'),
      heading(5, '第六章 投标文件格式'),
      heading(5, '一、投标函', 2),
      para(5, '致：（采购人名称）'),
      para(5, '日期：    年  月  日'),
      para(6, '资格文件目录'),
      para(6, '（1）符合《中华人民共和国政府采购法》第二十二条规定的证明材料；'),
      para(6, '各投标人须在投标文件中出具对应证明材料。'),
      para(6, '承诺函'),
      para(6, '我方具有良好的商业信誉和健全的财务会计制度；'),
      para(6, '我方没有缴纳税收和社会保障等方面的失信记录。'),
      para(6, '供应商名称（盖单位公章）：'),
      heading(7, '二、分项报价表', 2),
      table(7, [
        ['序号', '服务内容', '数量', '单价（元）'],
        ['1', '晚餐供应', '300', ''],
      ]),
      para(7, '技术文件目录'),
      para(7, '（4）配送服务方案；'),
      para(7, '（5）留样管理方案。'),
      heading(9, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const titles = (card.forms ?? []).map((f) => f.title);
    expect(titles).toContain('（1）符合《中华人民共和国政府采购法》第二十二条规定的证明材料；');
    // the entries the list goes on after are no forms
    expect(titles.some((t) => /配送服务方案|留样管理方案/.test(t))).toBe(false);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const part = flattenOutline(nodes).find((n) => n.title === '符合《中华人民共和国政府采购法》第二十二条规定的证明材料' && n.isLeaf)!;
    expect(part).toBeTruthy();
    const text = write(card, nodes, part, [], []);
    expect(text).toContain('我方具有良好的商业信誉和健全的财务会计制度；');
    expect(text).toContain('各投标人须在投标文件中出具对应证明材料。');
    // a qualification proof titled like the form is no part: the form is its part's, printed once
    const proof = { ...part, id: 'q1', title: '满足《中华人民共和国政府采购法》第二十二条规定', kind: '资信', mode: 'form', children: [] } as BidOutlineNode;
    expect(write(card, nodes, proof, ['资格证明'], [proof.title])).not.toContain('我方具有良好的商业信誉');
  });

  it('the tables printed ahead of the first form a part links belong to that part when no part before it takes them; the chapter’s instructions do not', () => {
    // (a chapter opening with a sub-chapter of check tables: the part 「资格、符合性审查表」 links the second table's
    // heading; the first table, under the sub-chapter's own heading, was printed under no part)
    const blocks: Block[] = [
      ...HEAD,
      item(2, '（1）', '资格、符合性审查表；'),
      item(2, '（2）', '投标函；'),
      item(2, '（3）', '开标一览表。'),
      heading(5, '第六章 投标文件格式'),
      heading(5, '一、编制说明', 2),
      para(5, '本章各表由投标人按实际情况填写，空格处不得留白，页码须与投标文件一致。'),
      heading(5, '第一节 审查索引', 2),
      item(5, '1.', '资格性审查表'),
      table(5, [
        ['审查项目', '审查要求', '是否满足', '材料页码'],
        ['资格审查', '1.在本市登记的食品经营者，持有效期内的食品经营许可证', '□是□否', '第（）页'],
        ['', '2.近两年食堂承包业务无食品安全事故，提供书面承诺', '□是□否', '第（）页'],
        ['', '3.厨师长持中式烹调师三级及以上证书，提供证书复印件', '□是□否', '第（）页'],
      ]),
      para(5, '说明：本表所列材料是资格审查的依据，漏报任一项按不满足处理。'),
      heading(6, '二、符合性审查表', 2),
      table(6, [
        ['审查项目', '审查要求', '是否满足'],
        ['报价', '不超过本项目每餐限价', '□是□否'],
      ]),
      heading(7, '三、投标函', 2),
      para(7, '致：（采购人名称）'),
      para(7, '我方愿意按招标文件的全部要求提供本项目的服务。'),
      para(7, '日期：    年  月  日'),
      heading(8, '四、开标一览表', 2),
      table(8, [
        ['项目名称', '投标报价（元）', '服务期'],
        ['', '', ''],
      ]),
      heading(9, '第七章 附件'),
    ];
    const card = extractCard([modelFile(blocks)]);
    const part = card.composition.find((p) => p.title.startsWith('资格、符合性审查表'));
    expect(part).toBeTruthy();
    // the part's run: the sub-chapter's table first (the chapter's order), then the form the part links
    expect(formRun(card, part!).forms.map((f) => f.title)).toEqual(['第一节 审查索引', '二、符合性审查表']);
    // the part after it keeps its own form only
    expect(formRun(card, { title: '投标函' }).forms.map((f) => f.title)).toEqual(['三、投标函']);
    const { nodes } = generateOutline(card, { bidType: 1 });
    const text = flattenOutline(nodes)
      .filter((n) => n.isLeaf)
      .map((n) => write(card, nodes, n, [], []))
      .join('\n');
    // the check table's numbered rows reproduced, once each, with the note under it; the instructions are no form
    expect(text).toContain('3.厨师长持中式烹调师三级及以上证书，提供证书复印件');
    expect(text.split('2.近两年食堂承包业务无食品安全事故').length).toBe(2);
    expect(text).toContain('说明：本表所列材料是资格审查的依据，漏报任一项按不满足处理。');
    expect(text).toContain('不超过本项目每餐限价');
    expect(text).not.toContain('空格处不得留白');
  });
});
