import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, TenderCard } from '@btz/shared';
import { LOTS_FILE, MAIN_FILE } from '../../test/fixtures/tender-pages.js';
import { extractCard, flattenOutline, generateOutline } from '../tender/index.js';
import { buildFactSheet, docText, writeSectionOffline, type EnterpriseFacts, type WriteSectionResult } from './index.js';
import { keyPoints } from '../tender/key-points.js';
import { commits } from './offline/respond.js';

const card = extractCard([MAIN_FILE]);
const PROJECT = card.projectName!.value;

/** Targets as the caller gives them: the node's own, else a default by mode. */
const targetOf = (n: BidOutlineNode) => n.targetChars ?? (n.mode === 'form' ? 700 : n.mode === 'table' ? 900 : 2500);

interface Written {
  node: BidOutlineNode;
  target: number;
  out: WriteSectionResult;
}

function writeAll(bidType: 1 | 2, enterprise?: EnterpriseFacts, c: TenderCard = card): Written[] {
  const { nodes } = generateOutline(c, { bidType });
  const facts = buildFactSheet(c, { bidType });
  const all = flattenOutline(nodes);
  const byId = new Map(all.map((n) => [n.id, n]));
  return all
    .filter((n) => n.isLeaf)
    .map((node) => {
      const parents: string[] = [];
      for (let p = byId.get(node.parentId); p; p = byId.get(p.parentId)) parents.unshift(p.title);
      const siblings = (node.parentId ? byId.get(node.parentId)!.children : nodes).map((x) => x.title);
      const target = targetOf(node);
      const out = writeSectionOffline({ card: c, node, parentTitles: parents, siblingTitles: siblings, facts, enterprise, targetChars: target, bidType });
      return { node, target, out };
    });
}

const sentences = (text: string) =>
  text
    .split(/[。！？；\n\t]/)
    .map((s) => s.replace(/^[•\d.\s]+/, '').trim())
    .filter((s) => s.length >= 40);

/**
 * A form (投标函、报价表…) lands within ±20 % of its target; a plan section is never padded (issue 24: a shorter bid with
 * honest blanks beats a longer one with filler) — it stays under target + 20 % and holds more than its opening line.
 */
/** Nothing is padded to a length (issue 24): a form is as long as the tender's, a plan section as its facts; neither runs past the target. */
function expectLength(chars: number, target: number, mode: BidOutlineNode['mode'], label: string) {
  expect(chars, label).toBeGreaterThan(mode === 'ai' ? 60 : 0);
  expect(chars / target, `${label}: ${chars}/${target}`).toBeLessThanOrEqual(1.2);
}

const basic = writeAll(1);
const flagship = writeAll(2);

describe('buildFactSheet', () => {
  it('takes the tender’s figures and leaves the rest as placeholders', () => {
    const f = buildFactSheet(card, { bidType: 1 }).facts;
    expect(f.duration).toMatchObject({ value: '90 日历天', num: 90, assumed: false });
    expect(f.duration.source).toContain('90日内');
    // the fixture's only 2 小时 is in a scoring row's grade (「响应时间不超过2小时得7分」): what a grade rewards is not a
    // term of the tender (issue 24), the bidder decides whether to offer it
    expect(f.response).toMatchObject({ value: '【待填写：响应时间】', assumed: true });
    // 「项目经理具有高级工程师职称得4分」 is a grade too: a placeholder
    expect(f.managerTitle).toMatchObject({ value: '【待填写：项目经理职称】', assumed: true });
    // what the tender does not state is a placeholder, never a default figure (issue 13: these pinned 7×24 and a team size)
    expect(f.warranty).toMatchObject({ value: '【待填写：质保期（招标文件未载明）】', assumed: true });
    expect(f.warranty.num).toBeUndefined();
    expect(f.serviceHours).toMatchObject({ value: '【待填写：服务时间】', assumed: true });
    expect(f.teamSize).toMatchObject({ value: '【待填写：项目组人数】', assumed: true });
    expect(f.trainingSessions.value).toBe('【待填写：培训场次】');
  });

  it('reads warranty and delivery from the LLM terms when present, and is deterministic', () => {
    const withTerms: TenderCard = {
      ...card,
      starClauses: [],
      terms: [
        { id: 't1', key: 'warranty', text: '质保期为五年，自终验合格之日起计算', source: { page: 1, file: 'x', excerpt: '' }, verified: true },
        { id: 't2', key: 'delivery', text: '交货期：合同签订后45天内', source: { page: 1, file: 'x', excerpt: '' }, verified: true },
      ],
    };
    const f = buildFactSheet(withTerms, { bidType: 2 });
    expect(f.facts.warranty).toMatchObject({ value: '60 个月', assumed: false });
    expect(f.facts.duration).toMatchObject({ num: 45, assumed: false });
    expect(f.milestones.at(-1)!.to).toBe(45);
    expect(buildFactSheet(withTerms, { bidType: 2 })).toEqual(f);
  });

  it('the service period is the one stated, not the cap on its extension (「服务期限为一年…最长不得超过三十六个月」, issue 25)', () => {
    const src = { page: 1, file: 'x', excerpt: '' };
    const text = '★本项目服务期限为一年，本项目为长期服务项目，招标人可根据项目需要和中标人的履约情况确定合同期限是否延长，但最长不得超过三十六个月，合同一年一签。';
    const withCap: TenderCard = { ...card, terms: [], starClauses: [{ id: 's1', text, source: src, verified: true }], requirements: [{ id: 'r1', section: '商务要求', text: text.slice(1), source: src, verified: true }] as TenderCard['requirements'] };
    expect(buildFactSheet(withCap, { bidType: 1 }).facts.duration).toMatchObject({ label: '服务期', value: '1 年', num: 365 });
  });

  it('milestones cover the whole duration without gaps', () => {
    const m = buildFactSheet(card, { bidType: 1 }).milestones;
    expect(m[0]!.from).toBe(1);
    expect(m.at(-1)!.to).toBe(90);
    for (let i = 1; i < m.length; i++) expect(m[i]!.from).toBe(m[i - 1]!.to + 1);
  });
});

describe('writeSectionOffline on the fixture tender', () => {
  for (const [name, written] of [['basic', basic], ['flagship', flagship]] as const) {
    it(`${name}: no section padded, none past its target by more than 20 %, each naming the project`, () => {
      for (const w of written) {
        expectLength(w.out.chars, w.target, w.node.mode, w.node.title);
        expect(w.out.text, w.node.title).toContain(PROJECT);
      }
    });

    it(`${name}: no two sections share a sentence of 40+ characters`, () => {
      const seen = new Map<string, string>();
      const shared: string[] = [];
      for (const w of written)
        for (const s of new Set(sentences(w.out.text))) {
          const other = seen.get(s);
          if (other) shared.push(`${other} | ${w.node.title}: ${s}`);
          seen.set(s, w.node.title);
        }
      expect(shared).toEqual([]);
    });

    it(`${name}: text ends at sentence or cell boundaries, never mid-sentence`, () => {
      for (const w of written)
        for (const b of w.out.doc.content.filter((x) => x.type === 'paragraph'))
          expect(docText(b), w.node.title).toMatch(/[。：）】」”]$|^致：|日期：.*】$/);
    });
  }

  it('covers the typical section kinds', () => {
    const kinds = new Set(flagship.map((w) => w.out.kind));
    for (const k of ['technical', 'implementation', 'schedule', 'quality', 'staffing', 'aftersales', 'emergency', 'commitment', 'training', 'performance', 'qualification', 'honor', 'bidLetter', 'authorization', 'priceSummary', 'priceDetail', 'qualificationForm', 'deviation'])
      expect(kinds, k).toContain(k);
  });

  it('a price breakdown without the tender\'s own form lists the project (or its lots) and a row for the bidder\'s own items — no item the tender never names', () => {
    const price = flagship.find((w) => w.out.kind === 'priceDetail')!.out.text;
    expect(price).toContain(PROJECT);
    expect(price).not.toMatch(/软件开发|硬件设备及集成|实施服务|培训服务|运维服务/);
    expect(price).toContain('【待填写：其他分项（如有）】');
  });

  it('a qualification attachment states the requirement and its evidence once, with no letter head or signature repeated per attachment', () => {
    const quals = flagship.filter((w) => w.out.kind === 'qualificationForm').map((w) => w.out.text);
    expect(quals.length).toBeGreaterThan(0);
    for (const q of quals) {
      expect(q).toMatch(/招标文件要求（.*）：/);
      expect(q).not.toMatch(/^致：|（盖单位公章）/m);
    }
  });

  it('is deterministic', () => {
    expect(writeAll(2)).toEqual(flagship);
  });

  it('is structured: headings, lists, a table where natural; placeholders are highlighted', () => {
    // the schedule's parts are shared out among the bid's schedule sections (each part written once)
    const sched = flagship.filter((w) => w.out.kind === 'schedule').map((w) => w.out);
    const types = new Set(sched.flatMap((o) => o.doc.content.map((n) => n.type)));
    expect(types).toContain('heading');
    expect(types).toContain('table');
    expect(sched.map((o) => o.text).join('\n')).toContain('90 日历天');
    const tech = flagship.find((w) => w.node.title === '需求理解与分析')!.out;
    // the row's points answered in a table (point, where the tender states it, our answer)
    expect(new Set(tech.doc.content.map((n) => n.type))).toContain('table');
    const team = flagship.find((w) => w.node.title === '项目组织架构')!.out;
    const marks = JSON.stringify(team.doc);
    expect(marks).toContain('"highlight"');
    expect(team.placeholders.length).toBeGreaterThan(0);
  });

  it('every placeholder is a highlighted text node, and only placeholders are highlighted', () => {
    for (const w of flagship) {
      const highlighted = new Set<string>();
      const visit = (n: unknown): void => {
        const node = n as { type: string; text?: string; marks?: { type: string }[]; content?: unknown[] };
        if (node.type === 'text' && node.marks?.some((m) => m.type === 'highlight')) highlighted.add(node.text!);
        node.content?.forEach(visit);
      };
      visit(w.out.doc);
      expect([...highlighted].sort(), w.node.title).toEqual([...w.out.placeholders].sort());
      for (const p of highlighted) expect(p).toMatch(/^【待填写：[^】]+】$/);
    }
  });

  it('mentions the scoring criteria and the ★ requirements of technical sections', () => {
    const tech = flagship.find((w) => w.node.title === '需求理解与分析')!.out;
    // the row's key points, not its grade wording (「方案完整、先进、可行」 is how well, not what to answer)
    const row = card.scoring.find((s) => s.item === '技术方案')!;
    expect(keyPoints(row).length).toBeGreaterThan(0);
    for (const p of keyPoints(row)) expect(tech.text).toContain(p);
    expect(tech.text).toContain('平台须采用B/S架构');
    expect(tech.text).toContain(card.purchaser!.value);
  });

  it('fact-sheet values agree across sections', () => {
    const warranty = buildFactSheet(card, { bidType: 2 }).facts.warranty.value;
    const sayWarranty = flagship.filter((w) => /质保期/.test(w.out.text));
    expect(sayWarranty.length).toBeGreaterThan(0);
    for (const w of flagship) {
      for (const m of w.out.text.matchAll(/质保(?:期)?\s*(\d+ 个月|\d+ ?年)/g)) expect(m[1], w.node.title).toBe(warranty);
      for (const m of w.out.text.matchAll(/(\d+) 日历天/g)) expect(m[1], w.node.title).toBe('90');
      expect(w.out.text, w.node.title).not.toMatch(/\d+ (?:小时|分钟)内响应/);
    }
  });
});

describe('enterprise facts: placeholders, never invented', () => {
  const ent: EnterpriseFacts = {
    name: '江州智联科技有限公司',
    creditCode: '91330100MA2ABCDE1X',
    legalRep: '陈立新',
    qualifications: [
      { name: 'ISO9001质量管理体系认证', number: 'Q-2025-0088', expiry: '2028-06-30' },
      { name: '信息系统集成及服务资质（ITSS）三级', number: 'ITSS-3-0456', expiry: '2027-12-31' },
    ],
    staff: [
      { name: '王建华', role: '项目经理', title: '高级工程师' },
      { name: '李敏', role: '技术负责人', title: '系统架构师' },
    ],
    projects: [{ name: '江东区智慧社区平台项目', client: '江东区大数据中心', year: 2025, amount: '268 万元' }],
  };
  const withEnt = writeAll(2, ent);
  const find = (list: Written[], title: string) => list.find((w) => w.node.title === title)!.out;

  it('missing certificates, staff and projects become placeholders', () => {
    const cert = find(flagship, '企业资质证书');
    expect(cert.text).toMatch(/【待填写：ISO9001[^】]*证书编号】/);
    expect(cert.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const team = find(flagship, '项目组织架构');
    // a table's blanks are named by their column (the row says whose): 项目经理 | 【待填写：姓名】
    expect(team.text).toMatch(/【待填写：姓名】\t项目经理/);
    const perf = find(flagship, '类似项目业绩一览表');
    expect(perf.text).toMatch(/1\t【待填写：项目名称】\t【待填写：委托单位】/);
    const letter = find(flagship, '投标函');
    expect(letter.placeholders).toContain('【待填写：投标人名称】');
    expect(letter.placeholders).toContain('【待填写：投标日期】');
  });

  it('given facts are used as given', () => {
    const cert = find(withEnt, '企业资质证书');
    expect(cert.text).toContain('Q-2025-0088');
    expect(cert.text).toContain('2028-06-30');
    expect(cert.text).toMatch(/【待填写：ISO27001[^】]*证书编号】/); // asked for by the scoring, not given
    const team = find(withEnt, '项目组织架构');
    expect(team.text).toContain('王建华');
    expect(team.text).toContain('李敏');
    expect(team.placeholders).not.toContain('【待填写：项目经理姓名】');
    const perf = find(withEnt, '类似项目业绩一览表');
    expect(perf.text).toContain('江东区智慧社区平台项目');
    expect(perf.text).not.toContain('类似项目名称');
    const itss = withEnt.find((w) => w.node.title.includes('ITSS'))!.out;
    expect(itss.text).toContain('ITSS-3-0456');
    const license = withEnt.find((w) => w.node.title.includes('营业执照'))!.out;
    expect(license.text).toContain('91330100MA2ABCDE1X');
  });
});

describe('form and table modes', () => {
  const find = (title: string) => flagship.find((w) => w.node.title === title)!;

  it('form mode fills the known fields of 投标函 / 授权书 / 开标一览表', () => {
    for (const t of ['投标函', '法定代表人授权书', '开标一览表']) {
      const w = find(t);
      expect(w.node.mode).toBe('form');
      expect(w.out.text, t).toContain('ZB-2026-118');
      expect(w.out.text, t).toContain(PROJECT);
    }
    expect(find('投标函').out.text).toContain('致：江州市数据资源管理局');
    expect(find('开标一览表').out.placeholders).toContain('【待填写：投标总价】');
  });

  it('table mode: one row per ★/▲ clause, all 无偏离', () => {
    const w = find('★/▲条款逐条响应表');
    const table = w.out.doc.content.find((n) => n.type === 'table')!;
    const rows = table.content!.slice(1);
    expect(rows).toHaveLength(w.node.clauseIds!.length);
    expect(rows).toHaveLength(card.starClauses.length + card.importantClauses.length);
    const text = rows.map((r) => docText(r));
    for (const c of [...card.starClauses, ...card.importantClauses]) expect(text.some((t) => t.includes(c.text.replace(/。$/, '')))).toBe(true);
    for (const t of text) expect(t).toContain('无偏离');
    expect(text.find((t) => t.includes('交付期限'))).toContain('90 日历天');
    const head = table.content![0]!;
    expect(docText(head).split('\t')).toEqual(['序号', '招标要求', '投标响应', '偏离情况', '说明']);
  });

  it('商务偏离表 without clause ids answers the commercial ★ requirements', () => {
    const w = find('商务偏离表');
    const table = w.out.doc.content.find((n) => n.type === 'table')!;
    expect(table.content!.slice(1).map((r) => docText(r)).join('\n')).toContain('交付期限');
  });
});

describe('other tenders and kinds', () => {
  it('writes safety and generic sections, and an empty card with placeholders', () => {
    const empty: TenderCard = { ...card, projectName: null, projectNumber: null, purchaser: null, scoring: [], starClauses: [], importantClauses: [], terms: [] };
    const facts = buildFactSheet(empty, { bidType: 1 });
    const node: BidOutlineNode = { id: 'x1', title: '安全文明施工措施', level: 2, isLeaf: true, index: 0, status: 0, parentId: 'x', readStatus: 0, number: '1.1', kind: '技术', mode: 'ai', scoringIds: [], children: [] };
    const out = writeSectionOffline({ card: empty, node, parentTitles: ['技术部分'], siblingTitles: [], facts, targetChars: 1500, bidType: 1 });
    expect(out.kind).toBe('safety');
    expectLength(out.chars, 1500, 'ai', node.title);
    expect(out.placeholders).toContain('【待填写：项目名称】');
    expect(facts.facts.duration.assumed).toBe(true);
  });

  it('a second tender (two lots, 交货期 30 日) writes every leaf within its target with its own facts', () => {
    const lot = extractCard([LOTS_FILE], { lot: '1' });
    const written = writeAll(2, undefined, lot);
    expect(written.length).toBeGreaterThan(3);
    for (const w of written) {
      expectLength(w.out.chars, w.target, w.node.mode, `${w.node.title} ${w.out.kind}`);
      expect(w.out.text).not.toContain('智慧园区');
    }
  });

  it('a short target trims a plan section; a long one does not pad it (the same text at 6,000 and 9,000)', () => {
    const w = flagship.find((x) => x.node.title === '应急组织体系')!;
    const facts = buildFactSheet(card, { bidType: 2 });
    const at = (target: number) => writeSectionOffline({ card, node: w.node, parentTitles: ['技术部分', '应急预案'], siblingTitles: [], facts, targetChars: target, bidType: 2 });
    for (const target of [600, 1200, 6000, 9000]) expectLength(at(target).chars, target, 'ai', String(target));
    expect(at(9000).text).toBe(at(6000).text);
  });
});

describe('暗标: the technical part names nobody', () => {
  const ENT: EnterpriseFacts = {
    name: '江州智联科技有限公司',
    creditCode: '91320500608276123X',
    legalRep: '王建国',
    address: '江州市高新区科技路 8 号',
    contacts: '张伟 13912345678',
    qualifications: [{ name: 'ISO9001质量管理体系认证证书', number: 'CQC-9001-0042', expiry: '2027-12-31' }],
    staff: [
      { name: '张伟', role: '项目经理', title: '高级工程师' },
      { name: '李娜', role: '技术负责人' },
    ],
  };
  const anonCard: TenderCard = { ...card, anonymity: { required: true, scope: '技术标', clauses: [], format: {} } as unknown as TenderCard['anonymity'] };
  const written = writeAll(1, ENT, anonCard);
  const named = (t: string) => [ENT.name!, '江州智联', ENT.legalRep!, '张伟', '李娜', '13912345678', ENT.creditCode!, 'CQC-9001-0042', '科技路'].filter((x) => t.includes(x));

  it('every technical section says 我方 and gives people by their post; no name, phone, address or number', () => {
    const tech = written.filter((w) => w.node.kind === '技术');
    expect(tech.length).toBeGreaterThan(3);
    for (const w of tech) expect(named(w.out.text), w.node.title).toEqual([]);
    expect(tech.some((w) => w.out.text.includes('我方'))).toBe(true);
    // the team table keeps the posts, and asks for no names to be filled in
    const team = tech.find((w) => w.out.text.includes('技术负责人'));
    expect(team, 'a technical section lists the team').toBeDefined();
    expect(team!.out.text).not.toMatch(/【待填写：[^】]*姓名/);
  });

  it('the commercial forms still carry the bidder (they are not part of the 暗标); without 暗标 the technical part names it too', () => {
    const forms = written.filter((w) => w.node.kind !== '技术' && w.node.mode === 'form');
    expect(forms.some((w) => w.out.text.includes(ENT.name!))).toBe(true);
    const plain = writeAll(1, ENT);
    expect(plain.filter((w) => w.node.kind === '技术').some((w) => named(w.out.text).length > 0)).toBe(true);
  });
});

describe('a requirement item the bidder commits to, or acknowledges', () => {
  it('commits to what must be done; acknowledges the tender’s notes, examples and list lead-ins', () => {
    expect(commits('★如注明有单价限价的产品，投标人对该产品的单价报价不得超过单价限，否则将作投标无效处理。')).toBe(true);
    expect(commits('驻场人员须持证上岗。')).toBe(true);
    expect(commits('注：上表所列内容为不可负偏离条款，负偏离将视为未实质性满足招标文件要求。')).toBe(false);
    expect(commits('说明：1、带★号要求为不可偏离要求，如出现负偏离，将导致投标无效。')).toBe(false);
    expect(commits('涉及相关既定值的，例：招标技术参数要求值为“20L”，投标技术参数响应值与“20L”不一致的，均视为负偏离；')).toBe(false);
    expect(commits('针对招标文件产品技术参数如涉及相关既定值、单向范围值、区间范围值的，投标技术参数响应方式举例说明如下：')).toBe(false);
    // a description of the site says nothing to do
    expect(commits('本项目建筑面积约 3.2 万平方米。')).toBe(false);
  });
});

describe('the kind of a section by its title', () => {
  it('a 保安/安保 service plan is about security, a 诚信 section about the credit record — not 售后 or 业绩', async () => {
    const { titleKind } = await import('./kinds.js');
    expect(titleKind('8.保安服务方案')).toBe('safety');
    expect(titleKind('安保人员配置与值守')).toBe('safety');
    // a security system is a technical design, not a guard service
    expect(titleKind('智能安防系统设计方案')).toBe('technical');
    expect(titleKind('诚信证明材料')).toBe('honor');
    expect(titleKind('售后服务方案')).toBe('aftersales');
  });
});
