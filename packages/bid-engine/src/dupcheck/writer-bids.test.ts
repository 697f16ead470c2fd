/**
 * The duplicate check on bids written with this product (issue 15, 查重): four bidders who each had the offline writer
 * write the same tender share its stock phrasing, the tender's names and the tender's section titles — none of that is
 * a copy, and no pair of them is rated 中风险 or 高风险 on text. A fifth bidder that pasted in passages of the first's
 * own writing (its own project descriptions, not the tool's words) is found, with those passages.
 */
import { describe, expect, it } from 'vitest';
import type { BidOutlineNode } from '@btz/shared';
import { MAIN_FILE } from '../../test/fixtures/tender-pages.js';
import { bidParagraph, rng } from '../../test/fixtures/dup-bids.js';
import type { Block } from '../reading/model/types.js';
import { extractCard, flattenOutline, generateOutline } from '../tender/index.js';
import { buildFactSheet, writeSectionOffline, type EnterpriseFacts } from '../writer/index.js';
import { buildFeatures, compareBids, readFileMetadata, type FileFeatures } from './index.js';

const card = extractCard([MAIN_FILE]);

/** A bid written offline for the fixture tender by `enterprise`, with `own` paragraphs of the bidder's own after each chapter. */
function writtenBid(enterprise: EnterpriseFacts, own: string[][]): Block[] {
  const { nodes } = generateOutline(card, { bidType: 1 });
  const facts = buildFactSheet(card, { bidType: 1 });
  const byId = new Map(flattenOutline(nodes).map((n) => [n.id, n]));
  const blocks: Block[] = [];
  let page = 1;
  const walk = (list: BidOutlineNode[], level: number, parents: string[]) =>
    list.forEach((n, i) => {
      blocks.push({ type: 'heading', level, numbering: n.number, title: n.title, text: `${n.number} ${n.title}`, page, pageEnd: page });
      if (n.children.length) walk(n.children, level + 1, [...parents, n.title]);
      else {
        const siblings = (n.parentId ? byId.get(n.parentId)!.children : nodes).map((x) => x.title);
        const out = writeSectionOffline({ card, node: n, parentTitles: parents, siblingTitles: siblings, facts, enterprise, targetChars: 1200, bidType: 1 });
        for (const line of out.text.split('\n').filter((l) => l.trim().length >= 10)) blocks.push({ type: 'paragraph', text: line.trim(), page, pageEnd: page });
        page++;
      }
      if (level === 1) for (const p of own[i] ?? []) blocks.push({ type: 'paragraph', text: p, page, pageEnd: page });
    });
  walk(nodes, 1, []);
  return blocks;
}

const features = (name: string, blocks: Block[]): FileFeatures =>
  buildFeatures(name, 'bid', { type: 'docx', pages: [], meta: { pageCount: 40, chars: 0, ocrPages: 0, pagesEstimated: true }, model: { blocks, furniture: [], pageCount: 40 } }, readFileMetadata(Buffer.alloc(0), 'doc'), []);

describe('duplicate check on bids written with this product', () => {
  it('does not take the writer’s stock phrasing for a copy, and finds passages pasted from another bid', () => {
    const companies = ['华东建设工程有限公司', '江南市政工程有限公司', '西北路桥集团有限公司', '岭南智能科技有限公司', '齐鲁环境科技有限公司'];
    const own = companies.map((_, b) => Array.from({ length: 8 }, (__, ch) => Array.from({ length: 2 }, (___, k) => bidParagraph(rng(b * 1000 + ch * 10 + k + 1), 4))));
    const bids = companies.slice(0, 4).map((name, b) => writtenBid({ name, contacts: `联系电话 1380000000${b}` }, own[b]!));
    // the fifth: its own written bid, with three of the first bidder's own paragraphs pasted into chapter 2
    const pasted = [own[0]![0]![0]!, own[0]![1]![1]!, own[0]![2]![0]!];
    const fifth = writtenBid({ name: companies[4]!, contacts: '联系电话 13900000004' }, own[4]!.map((ps, ch) => (ch === 1 ? [...ps, ...pasted] : ps)));
    const tender = buildFeatures('招标文件.docx', 'tender', { type: 'docx', pages: MAIN_FILE.pages, meta: { pageCount: MAIN_FILE.pages.length, chars: 0, ocrPages: 0, pagesEstimated: false } }, readFileMetadata(Buffer.alloc(0), 'doc'), []);
    const files = [...bids.map((b, i) => features(`投标人${i + 1}.docx`, b)), features('投标人5.docx', fifth), tender];
    // the bids really do share the writer's words: most of their sentences have a near twin in another bid
    const norms = new Set(files[0]!.sentences.map((s) => s.norm));
    expect(files[1]!.sentences.filter((s) => norms.has(s.norm)).length).toBeGreaterThan(20);

    const report = compareBids(files);
    for (const p of report.pairs.filter((x) => x.b < 4)) expect(['none', 'low'], `投标人${p.a + 1}–投标人${p.b + 1}`).toContain(p.risks.text);
    const copied = report.pairs.find((p) => p.a === 0 && p.b === 4)!;
    expect(['medium', 'high']).toContain(copied.risks.text);
    // each shown passage is part of what was pasted; (the bidders' own paragraphs come from one small phrase book, so
    // a pasted sentence can read as common phrasing — two of the three paragraphs at least are shown)
    for (const p of copied.passages) expect(pasted.some((para) => para.includes(p.b.text.slice(0, 15)))).toBe(true);
    expect(pasted.filter((para) => copied.passages.some((p) => para.includes(p.b.text.slice(0, 15)))).length).toBeGreaterThanOrEqual(2);
    for (const p of report.pairs.filter((x) => x.b === 4 && x.a > 0)) expect(['none', 'low']).toContain(p.risks.text);
  });
});

describe('ten copies of one bid (issue 25)', () => {
  it('are one ring of all ten at 高风险, and every pair is high on text', () => {
    const r = rng(11);
    const blocks: Block[] = [{ type: 'heading', level: 1, numbering: '', title: '技术方案', text: '技术方案', page: 1, pageEnd: 1 }];
    for (let k = 0; k < 30; k++) blocks.push({ type: 'paragraph', text: bidParagraph(r, 5), page: 1 + Math.floor(k / 5), pageEnd: 1 + Math.floor(k / 5) });
    const report = compareBids(Array.from({ length: 10 }, (_, i) => features(`投标人${i + 1}.docx`, blocks)));
    const rings = report.rings.filter((x) => x.risk === 'high');
    expect(rings.map((x) => x.files)).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(rings[0]!.basis).toBe('own');
    for (const p of report.pairs) expect(p.risks.text, `${p.a}-${p.b}`).toBe('high');
  });
});

describe('the model forms’ fixed text (issue 25)', () => {
  it('three bids among six that print the same 授权委托书 and 中小企业声明函 wording are no ring; a passage of one hand still is', () => {
    const forms = [
      '代理人根据授权，以我方名义签署、澄清确认、递交、撤回、修改招标项目投标文件、签订合同和处理有关事宜，其法律后果由我方承担。',
      '本公司（联合体）郑重声明，根据《政府采购促进中小企业发展管理办法》（财库﹝2020﹞46 号）的规定，本公司（联合体）参加滨江区智慧社区平台建设项目的采购活动，服务全部由符合政策要求的中小企业承接。',
      '较大数额罚款认定为200万元以上的罚款，法律、行政法规以及国务院有关部门明确规定相关领域“较大数额罚款”标准高于200万元的，从其规定。',
    ];
    const hand = [
      '雨季施工期间，我方在北侧围挡外增设两处集水井，由值班泵工每两小时记录一次水位。',
      '钢筋进场后按炉批号分区堆放，底部垫高三十公分并覆盖彩条布，防止锈蚀污染。',
      '夜间浇筑混凝土时，罐车在东门外排队等候，不得鸣笛，照明灯具一律朝向场内。',
      '项目部每周五下午召开质量例会，由技术负责人点评本周实测实量数据并布置整改。',
    ];
    const bid = (b: number): Block[] => {
      const own = rng(b * 97 + 5);
      const blocks: Block[] = [{ type: 'heading', level: 1, numbering: '', title: '技术方案', text: '技术方案', page: 1, pageEnd: 1 }];
      for (let k = 0; k < 20; k++) blocks.push({ type: 'paragraph', text: bidParagraph(own, 4), page: 1 + Math.floor(k / 5), pageEnd: 1 + Math.floor(k / 5) });
      // bids 0–2 carry the forms' fixed text; bids 3–5 one hand's passage
      if (b < 3) for (const f of forms) blocks.push({ type: 'paragraph', text: f, page: 5, pageEnd: 5 });
      else blocks.push({ type: 'paragraph', text: hand.join(''), page: 5, pageEnd: 5 });
      return blocks;
    };
    const report = compareBids(Array.from({ length: 6 }, (_, i) => features(`投标人${i + 1}.docx`, bid(i))));
    const shown = report.rings.filter((x) => x.risk !== 'low').map((x) => x.files);
    expect(shown).toEqual([[3, 4, 5]]);
  });
});
