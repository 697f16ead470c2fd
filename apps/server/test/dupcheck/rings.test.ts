/**
 * 查重 that reports, not removes (issue 25 item 2), over HTTP on generated bids:
 * - a ring: three of six bids written by one hand (the same passages, one of them reworded, and the same outline) —
 *   shown as a ring of those three, and in each of their pairs; the other bids stay out of it;
 * - a near-duplicate pair: one bid made from the other (most sentences the same, some near-identical), the same bidder
 *   name and legal representative — every shared sentence counted and listed side by side, the identities 高风险;
 * - identity leaks: bidder A's legal representative as B's authorised person, A's bank account and ID number in B;
 * - accepted variant spellings (其它, 帐号, 帐户) in two independent bids are no shared typos.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DupCheckDetail, DupReport } from '@btz/shared';
import { bidParagraph, buildBidDocx, dupMeta, reword, rng, type DupBlock } from '../../../../packages/bid-engine/test/fixtures/dup-bids.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await t?.close();
});

async function ok<T = any>(path: string, token: string, query: Record<string, string | number> = {}, body?: unknown): Promise<T> {
  const res = await t.api(path, { token, query, body });
  expect(res.json, `${path} ${res.text}`).toMatchObject({ code: 200, success: true });
  return res.json.data as T;
}

/** Creates a check of `bids` (and the tender), runs it and answers its report. */
async function check(name: string, bids: Array<[string, Buffer]>, tender?: Buffer): Promise<DupReport> {
  const { token } = await newUser(t);
  const { id } = await ok<{ id: string }>('/btz/dupcheck/create', token, {}, { name });
  for (const [file, data] of bids) expect((await t.upload('/btz/dupcheck/upload', { token, query: { id, role: 'bid' }, file: { name: file, data } })).json).toMatchObject({ success: true });
  if (tender) expect((await t.upload('/btz/dupcheck/upload', { token, query: { id, role: 'tender' }, file: { name: '招标文件.docx', data: tender } })).json).toMatchObject({ success: true });
  await ok('/btz/dupcheck/start', token, { id });
  const end = Date.now() + 240_000;
  for (;;) {
    const d = await ok<DupCheckDetail>('/btz/dupcheck/detail', token, { id });
    if (d.state === 'done') return d.report!;
    if (d.state === 'failed') throw new Error(d.error ?? 'failed');
    if (Date.now() > end) throw new Error('check not finished');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const TENDER_PARAS = Array.from({ length: 4 }, (_, i) => `招标文件第${i + 1}条要求：投标人应当具备相应的施工资质，并提供近三年类似工程业绩证明材料，项目负责人须持有一级注册建造师证书且无在建工程。`);
const tenderDocx = () => buildBidDocx([{ kind: 'h1', text: '第一章 投标人须知' }, ...TENDER_PARAS.map((text) => ({ kind: 'p' as const, text }))], dupMeta({ author: '招标代理' }));

const HEADINGS = [
  ['项目实施总体方案', '施工组织设计说明', '质量保证体系建设', '安全文明施工措施', '进度计划与工期保证', '人员配置与分工'],
  ['工程概况与理解', '总体部署思路', '资源投入计划', '技术质量控制要点', '安全管理制度', '工期保障措施'],
  ['对本项目的认识', '实施组织机构', '主要施工方法', '材料设备管理', '环境保护措施', '验收与移交'],
  ['现场踏勘情况说明', '关键线路分析', '劳动力配置计划', '机械设备进场安排', '季节性施工保证', '竣工资料整理'],
  ['服务承诺总述', '组织保障体系', '过程控制程序', '检测试验计划', '信息沟通机制', '保修期服务安排'],
];
const COMPANIES = ['华东建设工程有限公司', '江南市政工程有限公司', '西北路桥集团有限公司', '岭南智能科技有限公司', '齐鲁环境科技有限公司', '荆楚水利水电有限公司'];

/** A bid of its own: headings of its own, paragraphs drawn from its own seed, the tender's requirements quoted. */
function ownBid(k: number, headings: string[], extra: DupBlock[] = []): DupBlock[] {
  const r = rng(100 + k * 37);
  const out: DupBlock[] = [{ kind: 'p', text: `投标人：${COMPANIES[k]}，联系电话：1380000${String(1000 + k)}。` }];
  headings.forEach((h, i) => {
    out.push({ kind: i % 3 === 0 ? 'h1' : 'h2', text: h });
    for (let n = 0; n < 2; n++) out.push({ kind: 'p', text: bidParagraph(r, 4) });
    if (i === 1) out.push({ kind: 'p', text: TENDER_PARAS.join('') });
    if (extra.length && i === 3) out.push(...extra);
  });
  return out;
}

/** What one hand writes of its own about the site (no stock phrasing): three paragraphs the ring's bids all carry. */
const RING_TEXT = [
  '本标段东侧紧邻既有排水箱涵，箱涵顶板距设计路面仅一点二米，我方拟在该段改用轻型压路机分层碾压。箱涵两端各设沉降观测点四处，每日早晚各观测一次并记入台账。若单日沉降超过三毫米，立即停止碾压并通知设计单位到场复核。雨后四十八小时内不安排该段填筑作业。',
  '施工便道拟沿北侧规划绿化带布置，宽四点五米，采用二十厘米厚级配碎石铺筑。便道与城北大道交叉口设临时交通导改，由两名持证协管员轮班值守。夜间在导改区增设爆闪灯十二盏和防撞桶三十只。导改方案报交警大队备案后方可实施。',
  '沥青混合料由南郊拌和站供应，运距约十八公里，单程运输时间控制在四十分钟以内。每车出站前测温并插旗标识，到场温度低于一百四十五摄氏度的一律退回。摊铺机前方始终保持三辆以上运料车等候，避免停机待料形成冷接缝。',
];

describe('查重 reports rings and names, not removes', () => {
  it('three companion bids among six are a ring, shown in each of their pairs; the others are not in it', async () => {
    // one hand writes bids 2, 3 and 4 (indexes 1–3): the same three paragraphs (the third one reworded in bid 4) and the same outline
    const ring = RING_TEXT;
    const bids: Array<[string, Buffer]> = [];
    for (let k = 0; k < 6; k++) {
      const inRing = k >= 1 && k <= 3;
      const shared: DupBlock[] = inRing ? ring.map((text, i) => ({ kind: 'p', text: k === 3 && i === 2 ? reword(text, rng(9)) : text })) : [];
      const blocks = ownBid(k, inRing ? HEADINGS[0]! : HEADINGS[k === 0 ? 1 : k - 2]!, shared);
      bids.push([`投标人${k + 1}.docx`, await buildBidDocx(blocks, dupMeta({ author: `作者${k}`, lastModifiedBy: `作者${k}`, rsidRoot: `00AB00${k}0`, created: `2026-03-0${k + 1}T08:00:00Z` }))]);
    }
    const r = await check('六家投标三家围标', bids, await tenderDocx());
    const found = r.rings.filter((x) => x.risk === 'high');
    expect(found.map((x) => x.files)).toEqual([[1, 2, 3]]);
    // the ring opens its shared sentences: each with its text in every bid of the ring
    const group = found[0]!.groups[0]!;
    expect(group.texts.map((x) => x.file)).toEqual([1, 2, 3]);
    expect(ring.join('')).toContain(group.texts[0]!.text);
    expect(found[0]!.sentences).toBeGreaterThanOrEqual(8);
    // the ring is in each of its pairs — text and outline — and no other pair is high on text
    for (const p of r.pairs) {
      const inRing = [p.a, p.b].every((i) => i >= 1 && i <= 3);
      if (inRing) expect(p.risks, `${p.a}-${p.b}`).toMatchObject({ text: 'high', outline: 'high' });
      else expect(['none', 'low'], `${p.a}-${p.b}`).toContain(p.risks.text);
    }
    expect(r.rings.filter((x) => x.risk !== 'low').every((x) => x.files.every((f) => f >= 1 && f <= 3))).toBe(true);
  }, 300_000);

  it('a near-duplicate pair: every shared sentence counted and listed side by side, the same bidder and legal representative 高风险', async () => {
    const r1 = rng(77);
    const paras = Array.from({ length: 14 }, () => bidParagraph(r1, 4));
    const head = (company: string, rep: string) => `投标人：${company}。法定代表人：${rep}，身份证号码：110101198003071234。`;
    const a: DupBlock[] = [{ kind: 'p', text: head('华东建设工程有限公司', '周志强') }, { kind: 'h1', text: '技术方案' }, ...paras.map((text) => ({ kind: 'p' as const, text }))];
    // B: the same bid, the last four paragraphs reworded
    const b: DupBlock[] = [{ kind: 'p', text: head('华东建设工程有限公司', '周志强') }, { kind: 'h1', text: '技术方案' }, ...paras.map((text, i) => ({ kind: 'p' as const, text: i >= 10 ? reword(text, rng(i)) : text }))];
    const r = await check('两份几乎相同', [
      ['甲.docx', await buildBidDocx(a, dupMeta({ author: '甲' }))],
      ['乙.docx', await buildBidDocx(b, dupMeta({ author: '乙', rsidRoot: '00FF0011' }))],
    ]);
    const p = r.pairs[0]!;
    const same = paras.slice(0, 10).join('').split('。').filter(Boolean).length;
    expect(p.matched.verbatim).toBeGreaterThanOrEqual(same);
    expect(p.matched.near).toBeGreaterThanOrEqual(1);
    // the counts are the sentences listed, each side by side
    expect(p.sentences).toHaveLength(p.matched.verbatim + p.matched.near);
    expect(p.matched.listed).toBe(p.sentences.length);
    for (const s of p.sentences) {
      expect(s.a.text.length).toBeGreaterThan(0);
      expect(s.b.text.length).toBeGreaterThan(0);
    }
    expect(p.risks).toMatchObject({ text: 'high', identity: 'high' });
    const titles = p.findings.filter((f) => f.dimension === 'identity').map((f) => f.title);
    expect(titles).toEqual(expect.arrayContaining(['两份投标文件的投标人名称相同「华东建设工程有限公司」', '相同的法定代表人：周志强', '相同的身份证号码：110101198003071234']));
    const rep = p.findings.find((f) => f.title === '相同的法定代表人：周志强')!;
    expect(rep.a).toContain('法定代表人：周志强');
    expect(rep.b).toContain('法定代表人：周志强');
  }, 300_000);

  it('identity leaks: A’s legal representative authorised in B, A’s bank account and name inside B — 高风险 with the excerpts', async () => {
    const a = ownBid(0, HEADINGS[1]!, [{ kind: 'p', text: '法定代表人：周志强。开户银行：中国建设银行南京分行，账号：32050162553600001234。' }]);
    const b = ownBid(1, HEADINGS[2]!, [
      { kind: 'p', text: '授权委托书：现委托周志强为我方代理人。委托代理人：周志强，联系电话见首页。' },
      { kind: 'p', text: '投标保证金由华东建设工程有限公司代为缴纳，转出账号：32050162553600001234。' },
    ]);
    const c = ownBid(2, HEADINGS[3]!, [{ kind: 'p', text: '法定代表人：王建华。开户银行：中国工商银行，账号：62220200001111222233。' }]);
    const r = await check('身份信息', [
      ['A.docx', await buildBidDocx(a, dupMeta({ author: 'A' }))],
      ['B.docx', await buildBidDocx(b, dupMeta({ author: 'B', rsidRoot: '00000B0B' }))],
      ['C.docx', await buildBidDocx(c, dupMeta({ author: 'C', rsidRoot: '00000C0C' }))],
    ]);
    const ab = r.pairs.find((p) => p.a === 0 && p.b === 1)!;
    expect(ab.risks.identity).toBe('high');
    const titles = ab.findings.filter((f) => f.dimension === 'identity').map((f) => f.title);
    expect(titles).toEqual(
      expect.arrayContaining(['B.docx 中出现另一投标人（A.docx）的名称「华东建设工程有限公司」', '同一人：A 的法定代表人是 B 的授权代表（委托代理人）（周志强）', '相同的银行账号：32050162553600001234']),
    );
    const leak = ab.findings.find((f) => f.title.startsWith('B.docx 中出现'))!;
    expect(leak.b).toContain('华东建设工程有限公司代为缴纳');
    for (const p of r.pairs.filter((x) => x.b === 2)) expect(p.risks.identity, `${p.a}-${p.b}`).toBe('none');
  }, 300_000);

  it('accepted variant spellings (其它, 帐号, 帐户) are no shared typos; real misspellings still are', async () => {
    const variants: DupBlock = { kind: 'p', text: '其它费用由投标人自行承担。请将款项汇入上述帐号，帐户名称与营业执照一致。' };
    const typos: DupBlock = { kind: 'p', text: '项目部将合理按排工序，认真布署各项工作。' };
    const r = await check('异形词', [
      ['A.docx', await buildBidDocx(ownBid(0, HEADINGS[1]!, [variants]), dupMeta({ author: 'A' }))],
      ['B.docx', await buildBidDocx(ownBid(1, HEADINGS[2]!, [{ ...variants, text: `另外，${variants.text}` }]), dupMeta({ author: 'B', rsidRoot: '00000B0B' }))],
      ['C.docx', await buildBidDocx(ownBid(2, HEADINGS[3]!, [typos]), dupMeta({ author: 'C', rsidRoot: '00000C0C' }))],
      ['D.docx', await buildBidDocx(ownBid(3, HEADINGS[4]!, [typos]), dupMeta({ author: 'D', rsidRoot: '00000D0D' }))],
    ]);
    const ab = r.pairs.find((p) => p.a === 0 && p.b === 1)!;
    expect(ab.findings.filter((f) => f.title.startsWith('相同的错别字'))).toEqual([]);
    expect(ab.risks.telltale).toBe('none');
    const cd = r.pairs.find((p) => p.a === 2 && p.b === 3)!;
    expect(cd.findings.find((f) => f.title.startsWith('相同的错别字'))).toMatchObject({ level: 'high', a: '按排、布署' });
  }, 300_000);
});
