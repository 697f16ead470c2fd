import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, RequirementItem, ScoringItem, TenderCard } from '@btz/shared';
import { buildFactSheet } from './facts.js';
import { writeSectionOffline, type EnterpriseFacts } from './offline.js';
import { countedPosts, scoredAttrs } from './offline/people.js';
import { answerOf, commits, commitOf, isTarget, targetsOf } from './offline/respond.js';
import { assignRequirements, BUDGET_LINE } from './points.js';

/**
 * Issue 24 (bids an evaluator would score): a scoring row on people gets a person table whose columns are the attributes
 * its criteria score and whose rows are the persons it counts; a service target of the requirements is committed in the
 * plan with the tender's own figure and page; a budget line is acknowledged, never promised; a staff row's requirement
 * table holds the requirements on people. All inputs generated here (no corpus text).
 */

const src = (page: number) => ({ page, file: '招标文件.docx', excerpt: '' });
const row = (id: string, item: string, points: number, criteria = ''): ScoringItem => ({ id, item, points, criteria, category: 'technical', source: src(4), verified: true });
const req = (id: string, text: string, page: number, section = '（一）服务内容'): RequirementItem => ({ id, text, section, figures: [], source: src(page), verified: true });

function cardOf(scoring: ScoringItem[], requirements: RequirementItem[] = []): TenderCard {
  return {
    projectName: { value: '某区学校驻校社工服务项目', text: '', source: src(1), verified: true },
    projectNumber: { value: 'QX-2026-01', text: '', source: src(1), verified: true },
    purchaser: { value: '某区教育局', text: '', source: src(1), verified: true },
    agency: null,
    budget: null,
    ceilingPrice: null,
    deadline: null,
    openingTime: null,
    openingPlace: null,
    bidBond: null,
    qualifications: [],
    scoring,
    starClauses: [],
    importantClauses: [],
    invalidClauses: [],
    composition: [],
    formatRules: [],
    lots: [],
    lot: null,
    writer: 'offline',
    files: [],
    requirements,
  } as unknown as TenderCard;
}

const leaf = (id: string, title: string, scoringIds: string[], kind: BidOutlineNode['kind'] = '技术', mode: BidOutlineNode['mode'] = 'ai'): BidOutlineNode => ({
  id, title, level: 2, isLeaf: true, index: 0, status: 0, parentId: 'n1', readStatus: 0, number: '', children: [], kind, mode, scoringIds,
});

function write(card: TenderCard, outline: BidOutlineNode[], id: string, enterprise?: EnterpriseFacts): string {
  const node = outline.find((n) => n.id === id)!;
  return writeSectionOffline({
    card, node, parentTitles: ['技术文件'], siblingTitles: outline.map((n) => n.title), facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline, ...(enterprise ? { enterprise } : {}),
  }).text;
}

const tableOf = (text: string) => text.split('\n').filter((l) => l.startsWith('序号\t姓名') || /^\d+\t/.test(l));

describe('a scoring row on people: its person table', () => {
  const lead = row('s1', '项目负责人情况（仅限1人）', 10, '1、具有甲类专业研究生学历的，得20分；\n2、具有乙级工作师证书的，得20分；\n3、具有丙类咨询师证书的，得20分；\n4、项目负责人为中共党员的，得10分；\n5、具有5年以上相关工作经验的，得30分。');
  const team = row('s2', '拟安排团队成员（项目负责人除外）情况', 10, '团队成员不少于6人，具有本科及以上学历、持有丁级工作师证书的，每人得10分。');

  it('the columns are the attributes the criteria score, in the criteria’s words; the rows are the persons counted', () => {
    expect(scoredAttrs(lead)!.map((a) => a.head)).toEqual(['学历', '所学专业', '职业资格/证书', '政治面貌', '从业年限/相关经验']);
    expect(countedPosts(lead)).toEqual([{ post: '项目负责人', n: 1 }]);
    expect(countedPosts(team)).toEqual([{ post: '团队成员', n: 6 }]);
    expect(countedPosts(row('s', '拟安排团队成员情况', 10, '持有甲证书的每人得2分'))).toEqual([{ post: '团队成员', n: 3 }]);
    expect(countedPosts(row('s', '团队人员要求', 6, '团队人员数量不少于10（含）人，其中1人为项目经理：（1）项目经理：具备本科学历得2分'))).toEqual([
      { post: '项目经理', n: 1 },
      { post: '团队成员', n: 9 },
    ]);
    expect(countedPosts(row('s', '主要人员', 6, '（1）甲主管（1人）：具有本科学历得5分；（2）乙类服务人员（4人）：持有戊证书每人得5分'))).toEqual([
      { post: '甲主管', n: 1 },
      { post: '乙类服务人员', n: 4 },
    ]);
    expect(countedPosts(row('s', '审计组长资历(仅限四人', 6, '具有中级职称得5分'))).toEqual([{ post: '审计组长', n: 4 }]);
    expect(scoredAttrs(row('s', '物业经理', 4, '根据物业经理的学历、持证情况、工作经进行评审'))!.map((a) => a.head)).toEqual(['学历', '职业资格/证书', '从业年限/相关经验']);
    expect(countedPosts(row('s', '物业经理', 4, '根据物业经理的学历、持证情况进行评审'))).toEqual([{ post: '物业经理', n: 1 }]);
    // a row on the team's plan scores no attribute of a person; a row on no people has no table
    expect(scoredAttrs(row('s', '团队组织架构与分工', 5, '分工明确、架构合理得5分'))).toBeNull();
    expect(scoredAttrs(row('s', '服务计划', 5, '具有本科学历的督导参与得5分'))).toBeNull();
  });

  it('a blank per scored attribute and counted person, the certificates the criteria name in the blank; no other table of posts', () => {
    const card = cardOf([lead, team]);
    const outline = [leaf('a', '项目负责人简介', ['s1']), leaf('b', '团队成员配置', ['s2'])];
    const text = write(card, outline, 'a');
    const rows = tableOf(text);
    expect(rows[0]).toBe('序号\t姓名\t拟任岗位\t学历\t所学专业\t职业资格/证书\t政治面貌\t从业年限/相关经验\t证明材料（页码）');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toBe('1\t【待填写：姓名】\t项目负责人\t【待填写：学历】\t【待填写：专业】\t【待填写：证书】\t【待填写：政治面貌】\t【待填写：从业年限】\t【待填写：页码】');
    // what the criteria name is said once, above the table, in their words
    expect(text).toMatch(/所评的人员情况（评分所列人员：项目负责人；学历：研究生；证书：乙级工作师证书、丙类咨询师证书）：/);
    expect(text).not.toContain('岗位（招标文件）');
    const teamRows = tableOf(write(card, outline, 'b'));
    expect(teamRows).toHaveLength(7);
    expect(teamRows.slice(1).every((r) => r.includes('\t团队成员\t'))).toBe(true);
  });

  it('fills from the enterprise’s staff by post, never invents a person; 暗标 keeps the post, not the name', () => {
    const card = cardOf([lead]);
    const outline = [leaf('a', '项目负责人简介', ['s1'])];
    const ent: EnterpriseFacts = { name: '某社工服务中心', staff: [{ name: '赵一', role: '项目经理', title: '乙级工作师' }, { name: '钱二', role: '督导' }] };
    const rows = tableOf(write(card, outline, 'a', ent));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^1\t赵一\t项目负责人\t【待填写：学历】/);
    expect(rows[1]).toContain('\t乙级工作师\t');
    expect(rows.join('\n')).not.toContain('钱二');
    const anon = { ...card, anonymity: { required: true, scope: '技术', clauses: [], format: {} } } as unknown as TenderCard;
    const hidden = tableOf(write(anon, outline, 'a', ent));
    expect(hidden.join('\n')).not.toContain('赵一');
    expect(hidden[1]).toContain('项目负责人');
  });

  it('prints the table once: in the first leaf answering the row', () => {
    const card = cardOf([lead]);
    const outline = [leaf('a', '项目负责人简介', ['s1']), leaf('b', '任职资格与从业经历', ['s1'])];
    expect(write(card, outline, 'a')).toContain('人员情况表');
    expect(write(card, outline, 'b')).not.toContain('人员情况表');
  });
});

describe('service targets, budgets and the staff row’s requirements', () => {
  it('a quantity the work must reach is a target; a budget line is no commitment', () => {
    expect(isTarget('师生各类咨询至少12次；')).toBe(true);
    expect(isTarget('巡检每日不少于3次')).toBe(true);
    expect(isTarget('接报后20分钟内到达现场')).toBe(true);
    expect(isTarget('协助学校开展心理健康教育')).toBe(false);
    expect(commits('新个案至少5个；')).toBe(true);
    expect(targetsOf('维保要求：（1）每月检查一次； （2）接报后20分钟内到达现场处理。')).toEqual(['接报后20分钟内到达现场处理']);
    for (const t of ['第一名的中标单位：负责甲片区12所学校的服务，预算为123.4万元；', '本项目最高限价：56万元', '采购预算（元）：800000.00']) {
      expect(BUDGET_LINE.test(t), t).toBe(true);
      expect(commits(t), t).toBe(false);
    }
    expect(BUDGET_LINE.test('整体费用不超过采购人年度预算')).toBe(false);
  });

  it('the plan section commits to each target with the tender’s figure and page, the table keeps what is more than a target', () => {
    const plan = row('s1', '服务计划', 10, '内容包括服务目标、服务重点、具体服务内容');
    const reqs = [
      req('r1', '师生、家长各类咨询至少12次；', 9, '（二）服务指标'),
      req('r2', '学生家访至少7次；', 9, '（二）服务指标'),
      req('r3', '开展心理健康教育等服务内容，做好个案跟进；', 9),
    ];
    const card = cardOf([plan], reqs);
    const outline = [leaf('a', '具体服务内容', ['s1'])];
    const text = write(card, outline, 'a');
    expect(text).toContain('服务指标承诺');
    expect(text).toContain('1\t我方承诺：师生、家长各类咨询至少12次\t招标文件第 9 页');
    expect(text).toContain('2\t我方承诺：学生家访至少7次\t招标文件第 9 页');
    expect(write(cardOf([plan], [req('r4', '中标人需为社工提供不少于每学年3次的集中培训。', 9)]), outline, 'a')).toContain('我方承诺：为社工提供不少于每学年3次的集中培训\t');
    expect(text).not.toMatch(/咨询至少12次[^\n]*我方知悉/);
    expect(text).toContain('开展心理健康教育等服务内容');
    // the figure is the tender's own: no other number of 次 is written
    expect(text.match(/\d+次/g)!.sort()).toEqual(['12次', '7次']);
  });

  it('a budget line goes to the commercial table and is acknowledged there; a staff row’s leaf takes the requirements on people only', () => {
    const staff = row('s1', '项目负责人情况（仅限1人）', 10, '具有本科学历得10分');
    const plan = row('s2', '服务计划', 10, '服务目标明确得10分');
    const reqs = [
      req('r1', '项目负责人应具有本科及以上学历，负责项目的统筹管理。', 8),
      req('r2', '第一名的中标单位：负责甲片区项目服务，预算为123.4万元；', 10),
      req('r3', '项目负责人须定期开展服务计划的督导与评估，确保服务目标达成。', 8),
    ];
    const card = cardOf([staff, plan], reqs);
    const outline = [leaf('t', '商务条款偏离表', [], '商务', 'table'), leaf('a', '项目负责人情况', ['s1']), leaf('b', '服务计划', ['s2'])];
    const map = assignRequirements(card, outline);
    expect(map.get('t')!.map((r) => r.id)).toEqual(['r2']);
    expect(map.get('a')!.map((r) => r.id)).toEqual(['r1']);
    expect(map.get('b')!.map((r) => r.id)).toEqual(['r3']);
    const table = write(card, outline, 't');
    expect(table).toMatch(/预算为123\.4万元[^\n]*我方知悉/);
    expect(table).not.toMatch(/我方承诺[^\n]*预算为123\.4万元/);
  });

  it('a requirement row answers as an evaluator reads it: the buyer’s right accepted, the promise said once, the tender’s words kept', () => {
    // the buyer's right is accepted, not promised
    expect(answerOf('采购单位可对投标人的人员配置情况、工作情况进行考察和监督，有权要求投标人在15日内替换工作人员；')).toBe('我方知悉并接受。');
    expect(answerOf('甲方有权要求乙方更换不称职的服务人员。')).toBe('我方知悉并接受。');
    // 「我方承诺我方应…」 says the promise once
    expect(answerOf('投标人应确保工作人员按投标承诺及时配置到位，避免出现缺岗情况。')).toBe('完全响应：我方承诺确保工作人员按投标承诺及时配置到位，避免出现缺岗情况。');
    expect(answerOf('投标人不得将本项目转包给他人。')).toBe('完全响应：我方承诺不得将本项目转包给他人。');
    expect(answerOf('投标人的驻场人员须持证上岗。')).toBe('完全响应：我方承诺我方的驻场人员须持证上岗。');
    // the party is replaced, never the words 服务方案 / 服务方式 or the chapter 投标人须知
    expect(commitOf('服务方须认真落实工作计划和服务方案，以政府购买服务方式组织实施')).toBe('我方须认真落实工作计划和服务方案，以政府购买服务方式组织实施');
    expect(commitOf('投标人须按投标人须知的规定提交资料')).toBe('我方须按投标人须知的规定提交资料');
    // a guidance note is no requirement
    expect(answerOf('指引：若评分项中有涉及人员要求，评分项中的要求与采购需求的要求应当尽可能保持一致')).toBe('我方知悉。');
  });
});
