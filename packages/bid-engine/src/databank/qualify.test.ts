import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, CardClause, CardFact, ScoringItem, TenderCard } from '@btz/shared';
import { editorDocProblem } from '@btz/shared/editor';
import { assignDocTypes, bankContent, bankIdsInDoc, docTypesOfText, requiredDocTypes, sectionDocTypes, withBankFacts, type BankDoc } from './qualify.js';
import { databankFindings, usedDocs } from '../health/checks/databank.js';
import { computeHealth } from '../health/index.js';

const src = { page: 1, file: '招标文件.docx', excerpt: '' };
const fact = <T,>(value: T, text = String(value)): CardFact<T> => ({ value, text, source: src, verified: true });
const clause = (id: string, text: string): CardClause => ({ id, text, source: src, verified: true });
const scoring = (id: string, item: string, points: number, criteria = item, category: ScoringItem['category'] = 'commercial'): ScoringItem => ({ id, item, points, criteria, category, source: src, verified: true });

function card(over: Partial<TenderCard> = {}): TenderCard {
  return {
    projectName: fact('智慧园区综合管理平台建设项目'),
    projectNumber: null,
    purchaser: fact('滨江市数据资源管理局'),
    agency: null,
    budget: null,
    ceilingPrice: null,
    deadline: fact('2027-03-18 09:30'),
    openingTime: null,
    openingPlace: null,
    bidBond: null,
    qualifications: [
      clause('q1', '具有独立承担民事责任的能力，提供有效的营业执照副本；'),
      clause('q2', '具有有效的ISO9001质量管理体系认证证书；'),
      clause('q3', '具有依法缴纳税收和社会保障资金的良好记录；'),
    ],
    scoring: [scoring('s1', '技术方案', 40, '方案完整', 'technical'), scoring('s2', '类似业绩', 10, '近三年每个同类项目得 2 分'), scoring('s3', '投标报价', 50, '最低价为基准', 'price')],
    starClauses: [],
    importantClauses: [],
    invalidClauses: [],
    composition: [],
    formatRules: [],
    lots: [],
    lot: null,
    writer: 'offline',
    files: [],
    ...over,
  };
}

let seq = 0;
const node = (title: string, over: Partial<BidOutlineNode> = {}): BidOutlineNode =>
  ({ id: `n${++seq}`, title, level: 1, kind: '其他', mode: 'ai', scoringIds: [], children: [], ...over }) as unknown as BidOutlineNode;

function outline(): BidOutlineNode[] {
  return [
    node('技术方案', { kind: '技术', scoringIds: ['s1'], children: [node('总体设计', { kind: '技术' }), node('系统架构设计', { kind: '技术' })] }),
    node('类似业绩', { kind: '技术', scoringIds: ['s2'], children: [node('类似项目业绩一览表', { kind: '技术' }), node('代表性项目介绍', { kind: '技术' }), node('业绩证明材料', { kind: '技术' })] }),
    node('资格证明文件', {
      kind: '资信',
      mode: 'form',
      children: [
        node('具有独立承担民事责任的能力，提供有效的营业执照副本', { kind: '资信', mode: 'form' }),
        node('具有有效的ISO9001质量管理体系认证证书', { kind: '资信', mode: 'form' }),
        node('具有依法缴纳税收和社会保障资金的良好记录', { kind: '资信', mode: 'form' }),
      ],
    }),
    node('项目团队', { kind: '技术', children: [node('项目负责人资格', { kind: '技术' }), node('团队组织架构', { kind: '技术' })] }),
  ];
}

const doc = (over: Partial<BankDoc>): BankDoc => ({
  id: String(++seq),
  type: '资质证书',
  name: '证书',
  number: null,
  creditCode: null,
  issuer: null,
  expiry: null,
  person: null,
  client: null,
  year: null,
  amount: null,
  fileKind: 'png',
  fileName: 'x.png',
  ...over,
});

describe('which documents a section shows', () => {
  it('names the types of titles, scoring rows and requirement texts', () => {
    expect(docTypesOfText('营业执照')).toEqual(['营业执照']);
    expect(docTypesOfText('在中华人民共和国境内注册登记的法人')).toEqual(['营业执照']);
    expect(docTypesOfText('具有有效的ISO9001质量管理体系认证证书')).toEqual(['ISO 认证']);
    expect(docTypesOfText('具有依法缴纳税收和社会保障资金的良好记录')).toEqual(['纳税证明', '社保证明']);
    expect(docTypesOfText('统一社会信用代码')).toEqual([]);
    expect(docTypesOfText('未被列入“信用中国”失信被执行人名单')).toEqual(['信用报告']);
    expect(docTypesOfText('具有电子与智能化工程专业承包二级资质')).toEqual(['资质证书']);
    expect(docTypesOfText('拟派项目负责人具有高级工程师职称')).toEqual(['人员证书']);
    expect(docTypesOfText('近三年经审计的财务报告')).toEqual(['财务报表']);
    expect(docTypesOfText('技术方案')).toEqual([]);
  });

  it('a technical section shows nothing even when its row names a certificate; a qualification section its own title first', () => {
    expect(sectionDocTypes({ title: '系统安全设计', parentTitles: [], scoring: [{ item: '安全', criteria: '具有ISO27001认证得2分' }], requirements: [], kind: 'technical' })).toEqual([]);
    expect(sectionDocTypes({ title: '营业执照', parentTitles: ['资格证明文件'], scoring: [], requirements: ['ISO9001'], kind: 'qualificationForm' })).toEqual(['营业执照']);
    // no own words: the scoring rows and requirement items, then the parents
    expect(sectionDocTypes({ title: '证明材料', parentTitles: ['类似业绩'], scoring: [{ item: '类似业绩', criteria: '每个同类项目得 2 分' }], requirements: [], kind: 'performance' })).toEqual(['业绩合同']);
    expect(sectionDocTypes({ title: '其他材料', parentTitles: ['资信证明', '信用记录'], scoring: [], requirements: [], kind: 'qualification' })).toEqual(['信用报告']);
    // a staffing section only by its own title
    expect(sectionDocTypes({ title: '团队组织架构', parentTitles: ['项目团队'], scoring: [{ item: '项目经理', criteria: '项目经理具有建造师证书' }], requirements: [], kind: 'staffing' })).toEqual([]);
    expect(sectionDocTypes({ title: '项目负责人资格', parentTitles: ['项目团队'], scoring: [], requirements: [], kind: 'staffing' })).toEqual(['人员证书']);
  });

  it('shares the types out over the outline: each in one leaf, a leaf naming it in its title first', () => {
    const o = outline();
    const c = card();
    const map = assignDocTypes(c, o);
    const titles = new Map<string, string>();
    const walk = (ns: BidOutlineNode[]) => ns.forEach((n) => (titles.set(n.id, n.title), walk(n.children ?? [])));
    walk(o);
    const byTitle = Object.fromEntries([...map].map(([id, types]) => [titles.get(id), types]));
    expect(byTitle).toEqual({
      '类似项目业绩一览表': ['业绩合同'],
      '具有独立承担民事责任的能力，提供有效的营业执照副本': ['营业执照'],
      '具有有效的ISO9001质量管理体系认证证书': ['ISO 认证'],
      '具有依法缴纳税收和社会保障资金的良好记录': ['纳税证明', '社保证明'],
      '项目负责人资格': ['人员证书'],
    });
  });

  it('a single 资格证明文件 leaf takes the types of the tender’s qualification clauses', () => {
    const o = [node('资格证明文件', { kind: '资信', mode: 'form' })];
    // …and, as the home of the qualification part, the 业绩合同 the 类似业绩 scoring row requires and no section asks for
    expect(assignDocTypes(card(), o).get(o[0]!.id)).toEqual(['营业执照', 'ISO 认证', '纳税证明', '社保证明', '业绩合同']);
  });

  it('the tender requires the types of its qualification clauses and of its evidence scoring rows', () => {
    expect(requiredDocTypes(card()).map((r) => r.type)).toEqual(['营业执照', 'ISO 认证', '纳税证明', '社保证明', '业绩合同']);
  });
});

describe('the content of the documents', () => {
  const docs = [
    doc({ id: '11', type: '营业执照', name: '苏州示例科技有限公司', creditCode: '91320500608276123X', issuer: '苏州市市场监督管理局', expiry: '2031-02-28' }),
    doc({ id: '12', type: 'ISO 认证', name: 'ISO9001质量管理体系认证证书', number: 'ISO-0001', issuer: '中国质量认证中心', expiry: '2027-01-10', fileKind: 'jpeg' }),
    doc({ id: '13', type: '业绩合同', name: '滨江智慧社区平台项目', client: '滨江区政府', year: 2024, amount: 1280000, fileKind: 'pdf', fileName: '合同.pdf' }),
    doc({ id: '14', type: '资质证书', name: '别的证书' }),
  ];

  it('a certificate table, a performance table, and each picture by URL with its caption', () => {
    const c = bankContent(docs, ['营业执照', 'ISO 认证', '业绩合同'], 3);
    expect(c.used).toEqual(['11', '12', '13']);
    expect(c.figures).toBe(2);
    const d = { type: 'doc' as const, content: c.blocks };
    expect(editorDocProblem(d)).toBeNull();
    const json = JSON.stringify(d);
    expect(bankIdsInDoc(json)).toEqual(['11', '12']);
    const images = c.blocks.filter((b) => b.type === 'image');
    expect(images.map((b) => (b as { attrs: { src: string } }).attrs.src)).toEqual(['/api/btz/databank/file?id=11', '/api/btz/databank/file?id=12']);
    expect(json).toContain('图 3 营业执照（统一社会信用代码 91320500608276123X）');
    expect(json).toContain('图 4 ISO9001质量管理体系认证证书（证书编号 ISO-0001，有效期至 2027-01-10）');
    for (const cell of ['名称', '编号', '发证机关', '有效期至', '苏州市市场监督管理局', '2031-02-28', '项目名称', '客户', '年份', '合同金额', '滨江区政府', '2024', '1,280,000.00 元']) expect(json).toContain(`"text":"${cell}"`);
    // the PDF contract has no picture: named as an attachment
    expect(json).toContain('滨江智慧社区平台项目（合同.pdf）');
    expect(json).not.toContain('别的证书');
    // the caption follows its picture, centred
    const i = c.blocks.findIndex((b) => b.type === 'image');
    expect(c.blocks[i + 1]).toMatchObject({ type: 'paragraph', attrs: { textAlign: 'center' } });
  });

  it('completes the writer’s enterprise facts: the licence code, valid certificates, contracts; the user’s own stay', () => {
    const old = doc({ type: 'ISO 认证', name: '过期证书', number: 'X-1', expiry: '2020-01-01' });
    const f = withBankFacts({ name: '苏州示例科技有限公司', qualifications: [{ name: 'ISO9001质量管理体系认证证书', number: '手填编号' }] }, [...docs, old], '2026-11-26');
    expect(f.creditCode).toBe('91320500608276123X');
    // the ISO certificate the user typed stays as typed; 别的证书 has neither number nor expiry; the expired one is left out
    expect(f.qualifications).toEqual([{ name: 'ISO9001质量管理体系认证证书', number: '手填编号' }]);
    expect(f.projects).toEqual([{ name: '滨江智慧社区平台项目', client: '滨江区政府', year: 2024, amount: '1,280,000.00 元' }]);
    expect(withBankFacts({ creditCode: '手填' }, docs, '2026-11-26').creditCode).toBe('手填');
    expect(withBankFacts({}, docs, '2026-11-26').name).toBe('苏州示例科技有限公司');
    expect(withBankFacts({ name: '用户填写的名称' }, docs, '2026-11-26').name).toBe('用户填写的名称');
  });

  it('nothing of other types', () => {
    expect(bankContent(docs, ['信用报告']).blocks).toEqual([]);
  });
});

describe('data-bank findings', () => {
  const o = outline();
  const licenceLeaf = o[2]!.children![0]!;
  const isoLeaf = o[2]!.children![1]!;
  const docs = [
    doc({ id: '21', type: '营业执照', name: '营业执照', creditCode: '91320500608276123X', expiry: '2031-02-28' }),
    doc({ id: '22', type: 'ISO 认证', name: 'ISO9001认证证书', number: 'ISO-0001', expiry: '2027-01-10' }),
    doc({ id: '23', type: '资质证书', name: '已过期证书', number: 'OLD-1', expiry: '2026-01-01' }),
  ];

  it('a certificate used that expires before the deadline, one expired, and a required document missing', () => {
    const used = { [licenceLeaf.id]: ['21'], [isoLeaf.id]: usedDocs(docs, ['22'], ''), [o[1]!.children![0]!.id]: usedDocs(docs, [], '证书编号 OLD-1') };
    const f = databankFindings(card(), o, { docs, used, today: '2026-11-26', assigned: { [o[1]!.children![0]!.id]: ['业绩合同'] } });
    const expiring = f.filter((x) => x.kind === 'certificate-expiry');
    expect(expiring).toHaveLength(2);
    expect(expiring.find((x) => x.refId === '22')).toMatchObject({ nodeId: isoLeaf.id, severity: 'high' });
    expect(expiring.find((x) => x.refId === '22')!.message).toContain('早于投标截止时间 2027-03-18');
    expect(expiring.find((x) => x.refId === '23')!.message).toContain('已于 2026-01-01 过期');
    // the licence is valid past the deadline: nothing
    expect(expiring.some((x) => x.refId === '21')).toBe(false);
    const missing = f.filter((x) => x.kind === 'databank-missing').map((x) => x.message);
    expect(missing.map((m) => m.slice(0, m.indexOf('（')))).toEqual(['资料库缺少：纳税证明', '资料库缺少：社保证明', '资料库缺少：业绩合同']);
    expect(f.find((x) => x.message.startsWith('资料库缺少：业绩合同'))!.nodeId).toBe(o[1]!.children![0]!.id);
  });

  it('computeHealth reports them and an expiring certificate caps the score below passing', () => {
    const sections: Record<string, string> = {};
    const r = computeHealth({ card: card(), outline: o, sections, databank: { docs, used: { [isoLeaf.id]: ['22'] }, today: '2026-11-26' } });
    expect(r.findings.some((x) => x.kind === 'certificate-expiry' && x.nodeId === isoLeaf.id)).toBe(true);
    expect(r.capped?.reasons.join('')).toContain('证书');
    expect(computeHealth({ card: card(), outline: o, sections }).findings.some((x) => x.kind === 'certificate-expiry')).toBe(false);
  });
});
