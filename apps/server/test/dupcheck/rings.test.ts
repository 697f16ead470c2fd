/**
 * 查重 that reports, not removes (issue 25 item 2), over HTTP on generated bids:
 * - a ring: three of six bids written by one hand (the same passages, one of them reworded, and the same outline) —
 *   shown as a ring of those three, and in each of their pairs; the other bids stay out of it;
 * - a near-duplicate pair: one bid made from the other (most sentences the same, some near-identical), the same bidder
 *   name and legal representative — every shared sentence counted and listed side by side, the identities 高风险;
 * - identity leaks: bidder A's legal representative as B's authorised person, A's bank account and ID number in B;
 *   names of five characters (欧阳海燕明) and with a middle dot (阿依古丽·买买提) read like any other;
 * - accepted variant spellings (其它, 帐号, 帐户) in two independent bids are no shared typos.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DupCheckDetail, DupReport } from '@btz/shared';
import { bidParagraph, buildBidDocx, buildRingSet, dupMeta, ownBidBlocks, reword, RING_HEADINGS, RING_TEXT, rng, type DupBlock } from '../../../../packages/bid-engine/test/fixtures/dup-bids.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { settled, waitForJob } from '../wait.js';

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
  const d = await waitForJob({ what: `duplicate check ${id} (${name})`, read: () => ok<DupCheckDetail>('/btz/dupcheck/detail', token, { id }), until: settled });
  if (d.state === 'failed') throw new Error(d.error ?? 'failed');
  return d.report!;
}

const HEADINGS = RING_HEADINGS;
const ownBid = ownBidBlocks;

describe('查重 reports rings and names, not removes', () => {
  it('three companion bids among six are a ring, shown in each of their pairs; the others are not in it', async () => {
    // one hand writes bids 2, 3 and 4 (indexes 1–3): the same three paragraphs (the third one reworded in bid 4) and the same outline
    const { bids, tender } = await buildRingSet();
    const r = await check('六家投标三家围标', bids, tender);
    const found = r.rings.filter((x) => x.risk === 'high');
    expect(found.map((x) => x.files)).toEqual([[1, 2, 3]]);
    // the ring opens its shared sentences: each with its text in every bid of the ring
    const group = found[0]!.groups[0]!;
    expect(group.texts.map((x) => x.file)).toEqual([1, 2, 3]);
    expect(RING_TEXT.join('')).toContain(group.texts[0]!.text);
    expect(found[0]!.sentences).toBeGreaterThanOrEqual(8);
    // the ring is in each of its pairs — text and outline — and no other pair is high on text
    for (const p of r.pairs) {
      const inRing = [p.a, p.b].every((i) => i >= 1 && i <= 3);
      // the two bids with the same paragraphs word for word are 高风险; with the third paragraph reworded, at least 中风险
      if (inRing) expect(p.risks, `${p.a}-${p.b}`).toMatchObject({ text: p.a === 1 && p.b === 2 ? 'high' : expect.stringMatching(/^(medium|high)$/), outline: 'high' });
      else expect(['none', 'low'], `${p.a}-${p.b}`).toContain(p.risks.text);
    }
    expect(r.rings.filter((x) => x.risk !== 'low').every((x) => x.files.every((f) => f >= 1 && f <= 3))).toBe(true);
  });

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
  });

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
  });

  it('names of five characters and transliterated names with a middle dot are compared too', async () => {
    // a compound surname with a three-character given name, and a Uyghur name as written in Chinese (阿依古丽·买买提)
    const a = ownBid(0, HEADINGS[1]!, [{ kind: 'p', text: '法定代表人：欧阳海燕明，身份证号码见附件。授权代表：阿依古丽·买买提，联系电话见首页。' }]);
    const b = ownBid(1, HEADINGS[2]!, [{ kind: 'p', text: '委托代理人：欧阳海燕明，全权代表我方处理投标事宜。项目联系人：阿依古丽·买买提。' }]);
    const c = ownBid(2, HEADINGS[3]!, [{ kind: 'p', text: '法定代表人：司马建国强，授权代表：努尔·艾力。' }]);
    const r = await check('长姓名', [
      ['A.docx', await buildBidDocx(a, dupMeta({ author: 'A' }))],
      ['B.docx', await buildBidDocx(b, dupMeta({ author: 'B', rsidRoot: '00000B0B' }))],
      ['C.docx', await buildBidDocx(c, dupMeta({ author: 'C', rsidRoot: '00000C0C' }))],
    ]);
    const ab = r.pairs.find((p) => p.a === 0 && p.b === 1)!;
    expect(ab.risks.identity).toBe('high');
    const titles = ab.findings.filter((f) => f.dimension === 'identity').map((f) => f.title);
    expect(titles).toEqual(expect.arrayContaining(['同一人：A 的法定代表人是 B 的授权代表（委托代理人）（欧阳海燕明）', '相同的授权代表（委托代理人）：阿依古丽·买买提']));
    for (const p of r.pairs.filter((x) => x.b === 2)) expect(p.risks.identity, `${p.a}-${p.b}`).toBe('none');
  });

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
  });
});
