import type { Block } from '../doc.js';
import type { Fact } from '../facts.js';
import type { Part, Ctx } from './context.js';
import { ANONYMOUS_MARK } from '../anonymity.js';
import { bold, clauseList, F, ph } from './context.js';
import { personRows } from './people.js';

/**
 * Section bodies for the kinds of work a bid describes (技术方案、实施、进度、质量、安全、人员、售后、应急、承诺、培训): each
 * returns its parts as [heading, blocks][]. Every sentence is grounded (issue 24 item 2): a figure the tender states (with
 * its words), the ★/▲ clauses the section restates, the bidder's own facts — and for what only the bidder knows (its way of
 * working, its people, its times) a 【待填写：…】 placeholder naming what belongs there. No stock practice, no frequency or
 * target the tender never set: a shorter section with honest blanks beats a longer one with filler.
 */

/**
 * A placeholder paragraph for what only the bidder can write, named after the section and after what this tender asks of
 * it: the scoring row's sub-points, else the headings of the section's requirement items (issue 24: a stock description of
 * the domain's work — 「服务流程、作业标准、检查与考核办法」 — reads the same in every bid). The stock description only when
 * the tender gives the section nothing of its own.
 */
export const todo = (c: Ctx, what: string): Block => {
  const points = c.crit.filter((p) => p.length >= 2 && !c.T.includes(p)).slice(0, 4);
  const heads = [...new Set(c.reqs.map((r) => r.section.replace(/^\s*(?:[一二三四五六七八九十]{1,3}[、.．]|[（(][一二三四五六七八九十\d]{1,3}[)）]|\d{1,2}(?:\.\d{1,2})*[、.．]?)\s*/, '').replace(/[：:]\s*$/, '').trim()).filter((x) => x.length >= 2 && x.length <= 16))].slice(0, 3);
  const focus = points.length ? points : heads;
  return { t: 'p', text: ph(focus.length ? `${c.T}：我方就${focus.map((x) => `“${x}”`).join('')}的具体做法` : `${c.T}——${what}`) };
};

/** The tender's own words a fact was read from, shortened. */
export const sourceOf = (f: Fact, n = 40) => {
  const t = (f.source ?? '').replace(/\s+/g, ' ').replace(/[。；;，,]+$/, '').trim();
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

/**
 * The facts the tender states, as rows of 事项 / 招标文件要求 / 我方响应. A fact the tender leaves open is not listed, nor
 * one read from a requirement item (that item is restated and answered in the one leaf it belongs to, points.ts).
 */
export function factRows(c: Ctx, facts: Fact[]): string[][] {
  const items = new Set((c.card.requirements ?? []).map((r) => r.text));
  return facts.filter((f) => !f.assumed && !(f.source && items.has(f.source))).map((f) => [f.label, `${f.value}（招标文件：${sourceOf(f)}）`, `我方承诺满足：${f.value}`]);
}

export function factTable(c: Ctx, facts: Fact[]): Block[] {
  const rows = factRows(c, facts);
  return rows.length ? [{ t: 'table', head: ['事项', '招标文件要求', '我方响应'], rows }] : [];
}

/** The ★/▲ clauses of the section, after a short line saying whose they are; nothing when there are none. */
function clausesPart(c: Ctx, re: RegExp, heading: string): Part[] {
  const list = clauseList(c, re);
  return list.length ? [[heading, [{ t: 'p', text: `${c.P}对${c.T}的实质性（★）与重要（▲）要求及我方响应：` }, ...list]]] : [];
}

export function technical(c: Ctx): Part[] {
  return [
    ...clausesPart(c, /./, '实质性条款响应'),
    ['技术方案', [todo(c, '总体架构、技术路线，以及招标文件各项技术要求的实现方式（按上文需求逐条说明）')]],
  ];
}

/** The phases of the work with their deliverables, their times left to the bidder. */
function phaseTable(c: Ctx, deliverables = true): Block {
  if (!deliverables) return { t: 'table', head: ['阶段', '起止时间'], rows: c.facts.milestones.map((x) => [x.name, ph('起止时间')]) };
  // the cell's blank is named by its column and row (a 「订单确认与备货起止时间」 in every row of every bid is noise)
  return { t: 'table', head: ['阶段', '起止时间', '主要交付物'], rows: c.facts.milestones.map((x) => [x.name, ph('起止时间'), x.deliverable]) };
}

export function implementation(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['实施目标', [
      ...factTable(c, [f.duration, f.trialRun, f.teamSize]),
      ...clauseList(c, /交付|工期|上线|部署|完成/),
      todo(c, '实施组织与分工（各组职责及与采购人的沟通机制）'),
    ]],
    // the deliverables are the schedule's (one list of them in the bid)
    ['实施步骤', [phaseTable(c, false)]],
  ];
}

export function schedule(c: Ctx): Part[] {
  const d = F(c).duration;
  return [
    ['进度计划', [
      { t: 'p', text: d.assumed ? `${c.P}的工期以招标文件和合同约定为准：${d.value}。` : `${c.P}的${d.label}为 ${bold(d.value)}（招标文件：${sourceOf(d)}），各阶段按此倒排。` },
      ...clauseList(c, /交付|工期|上线|完成|日内|天内/),
      phaseTable(c),
    ]],
    ['进度保障措施', [todo(c, '进度检查的方式与偏差纠正办法')]],
  ];
}

export function quality(c: Ctx): Part[] {
  return [
    ...clausesPart(c, /测评|标准|规范|质量|等级保护/, '质量要求'),
    ['质量控制', [todo(c, '质量管理体系、各阶段的质量控制点与问题整改办法')]],
  ];
}

export function safety(c: Ctx): Part[] {
  return [
    ...clausesPart(c, /安全|等级保护|保密/, '安全要求'),
    ['安全保障措施', [todo(c, '安全与保密管理的组织、制度与检查办法')]],
  ];
}

export function staffRows(c: Ctx): string[][] {
  const staff = c.ent.staff ?? [];
  const roles = ['项目经理', '技术负责人', '质量负责人'];
  if (staff.length) return staff.map((s) => [s.role, s.name, s.title ?? ph(`${s.name}职称/证书`), ph('在岗时间')]);
  const title = F(c).managerTitle;
  return roles.map((r) => [r, c.anonymous ? ANONYMOUS_MARK : ph('姓名'), r === '项目经理' && !title.assumed ? ph(`职称（招标要求：${title.value}）`) : ph('职称/证书'), ph('在岗时间')]);
}

export function staffing(c: Ctx): Part[] {
  const f = F(c);
  const pm = (c.ent.staff ?? []).find((s) => /项目经理/.test(s.role));
  // (a row on people whose criteria score their attributes has its person table — people.ts — instead of this one)
  const own = personRows(c).length > 0;
  return [
    ['团队配置', [
      ...factTable(c, [f.teamSize, f.managerTitle]),
      ...(own ? [] : [{ t: 'table', head: ['岗位', '姓名', '职称/证书', '在岗时间'], rows: staffRows(c) } as Block]),
    ]],
    ['项目经理', [
      pm && !c.anonymous
        ? { t: 'p', text: `项目经理由 ${bold(pm.name)} 担任${pm.title ? `（${pm.title}）` : ''}。` }
        : todo(c, '项目经理的资历与类似项目经历'),
    ]],
  ];
}

export function aftersales(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['服务承诺', [
      ...factTable(c, [f.warranty, f.serviceHours, f.response, f.onsite, f.resolve]),
      ...clauseList(c, /运维|服务|质保|响应/),
    ]],
    ['服务体系', [
      { t: 'ul', items: [`服务热线：${c.ent.contacts ?? ph('电话')}`, `服务网点：${c.ent.address ?? ph('地址')}`] },
      todo(c, '报修受理、故障分级处理与巡检安排'),
    ]],
  ];
}

export function emergency(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['应急要求', [...factTable(c, [f.response, f.onsite]), ...clauseList(c, /安全|等级保护|运维|应急/)]],
    ['应急预案', [todo(c, '应急组织、事件分级与处置流程、演练安排')]],
  ];
}

export function commitment(c: Ctx): Part[] {
  const f = F(c);
  const known = [f.duration, f.warranty, f.serviceHours, f.response, f.onsite, f.teamSize, f.trainingSessions].filter((x) => !x.assumed);
  return [
    ['服务承诺', [
      ...(known.length ? [{ t: 'ol', items: known.map((x) => `${x.label}：${x.value}（招标文件：${sourceOf(x)}）`) } as Block] : []),
      ...clauseList(c, /./),
      todo(c, '我方对本项目的其他承诺（不得低于招标文件要求）'),
    ]],
  ];
}

export function training(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['培训安排', [
      ...factTable(c, [f.trainingSessions]),
      { t: 'table', head: ['对象', '课程内容', '方式', '课时'], rows: [[ph('培训对象'), ph('课程内容'), ph('培训方式'), ph('课时')]] },
    ]],
  ];
}
