/**
 * The duplicate check's passages and rings (issue 25, 查重): blanks left to fill, nested ones included, are nobody's text;
 * the model forms' fixed text (投标函, 控股及管理关系, 质疑函) that bids copy from their tenders is no ring and no copy; a
 * copied passage of two sentences is found whatever the pair's coverage; a copied run of the writer's sentences (each
 * with only a few words of its own) is a passage between two bids and a ring among three.
 */
import { describe, expect, it } from 'vitest';
import { bidParagraph, rng } from '../../test/fixtures/dup-bids.js';
import type { Block } from '../reading/model/types.js';
import { buildFeatures, compareBids, readFileMetadata, stripBlanks, type FileFeatures } from './index.js';

const features = (name: string, blocks: Block[]): FileFeatures =>
  buildFeatures(name, 'bid', { type: 'docx', pages: [], meta: { pageCount: 40, chars: 0, ocrPages: 0, pagesEstimated: true }, model: { blocks, furniture: [], pageCount: 40 } }, readFileMetadata(Buffer.alloc(0), 'doc'), []);

const para = (text: string, page = 1): Block => ({ type: 'paragraph', text, page, pageEnd: page });

/** Bid b: a chapter of its own prose (from its own seed) and `extra` paragraphs in the middle. */
function bid(b: number, extra: string[] = []): Block[] {
  const own = rng(b * 131 + 7);
  const blocks: Block[] = [{ type: 'heading', level: 1, numbering: '', title: '技术方案', text: '技术方案', page: 1, pageEnd: 1 }];
  for (let k = 0; k < 24; k++) {
    blocks.push(para(bidParagraph(own, 4), 1 + Math.floor(k / 4)));
    if (k === 12) for (const e of extra) blocks.push(para(e, 4));
  }
  return blocks;
}

const run = (extra: (b: number) => string[], n = 6) => compareBids(Array.from({ length: n }, (_, b) => features(`投标人${b + 1}.docx`, bid(b, extra(b)))));
const pairOf = (report: ReturnType<typeof compareBids>, a: number, b: number) => report.pairs.find((p) => p.a === a && p.b === b)!;
const found = (r: string) => r === 'medium' || r === 'high';

describe('duplicate check: passages and rings', () => {
  it('leaves out blanks, nested ones included', () => {
    expect(stripBlanks('我方参加【待填写：【待填写：项目名称】】的投标，【待填写：【待填写：【待填写：名称】】】完毕。')).toBe('我方参加的投标，完毕。');
    expect(stripBlanks('单位名称：【待填写：单位名称】（盖章）')).toBe('单位名称：（盖章）');
  });

  it('three bids whose form lines differ only by nested blanks are no ring', () => {
    // the writer's form lines with blanks in blanks: what is left of them is a few words of the form
    const lines = [
      '我方参加【待填写：【待填写：项目名称】】的投标，【待填写：【待填写：投标人名称】】【待填写：【待填写：统一社会信用代码】】【待填写：【待填写：注册地址】】。',
      '联系人：【待填写：【待填写：联系人姓名】】，联系电话：【待填写：【待填写：联系电话】】，电子邮箱：【待填写：【待填写：电子邮箱】】。',
      '开户银行：【待填写：【待填写：开户银行名称】】，账号：【待填写：【待填写：银行账号】】，【待填写：【待填写：开户行地址】】。',
    ];
    const report = run((b) => (b < 3 ? lines : []));
    expect(report.rings.filter((x) => found(x.risk))).toEqual([]);
    for (const p of report.pairs) expect(found(p.risks.text), `${p.a}-${p.b}`).toBe(false);
  });

  it('the model forms’ fixed text three bids copied from their tenders is no ring and no copy', () => {
    const forms = [
      '我方已详细审查全部招标文件，包括修改文件（如有的话）以及全部参考资料和有关附件。我们完全理解并同意放弃对这方面有不明及误解的权利。',
      '控股股东/投资人是指出资比例在50%以上，或者出资比例不足50%，但享有公司股东会/董事会控制权的投资方（含单位或者个人）。',
      '供应商提出质疑时，应提交质疑函和必要的证明材料。投诉人提起投诉时，应当提交投诉书和必要的证明材料，并按照被投诉人和与投诉事项有关的供应商数量提供投诉书副本。',
      '在收到中标通知书后，在中标通知书规定的期限内与你方签订合同；在签订合同时不向你方提出附加条件；在合同约定的期限内完成合同规定的全部义务。',
    ];
    const report = run((b) => (b < 3 ? forms : []));
    expect(report.rings.filter((x) => found(x.risk))).toEqual([]);
    for (const p of report.pairs) expect(found(p.risks.text), `${p.a}-${p.b}`).toBe(false);
  });

  it('finds a copied passage of two sentences, not only long ones', () => {
    const hand = '东侧围挡外的雨水井在汛期前全部清掏一遍，井盖加装防坠网并编号挂牌登记在册。钢筋加工棚搭在二号楼北侧空地，棚顶铺设彩钢瓦，四周设排水沟接入沉淀池。';
    const report = run((b) => (b === 0 || b === 4 ? [hand] : []));
    const copy = pairOf(report, 0, 4);
    expect(copy.risks.text).toBe('medium');
    expect(copy.passages.some((p) => p.a.text.includes('雨水井'))).toBe(true);
    for (const p of report.pairs.filter((x) => !(x.a === 0 && x.b === 4))) expect(found(p.risks.text), `${p.a}-${p.b}`).toBe(false);
  });

  it('a run of the writer’s sentences copied into three bids is a passage in each pair and a ring', () => {
    // each sentence is the writer's phrasing with a few words of its own (the bidder's figures), too few to compare alone
    const fills = ['三十二名', '每周两次', '七十二小时', '一点五倍', '四个班组'];
    const copied = fills.map((f, i) => `针对本项目第${i + 1}项评审要点，我方将配置${f}专职人员，明确责任人、完成标准和检查时点。`);
    const report = run((b) => (b >= 1 && b <= 3 ? copied : []));
    const ring = report.rings.filter((x) => found(x.risk)).map((x) => x.files);
    expect(ring).toEqual([[1, 2, 3]]);
    for (const [a, b] of [[1, 2], [1, 3], [2, 3]] as const) expect(found(pairOf(report, a, b).risks.text), `${a}-${b}`).toBe(true);
    for (const p of report.pairs.filter((x) => !(x.a >= 1 && x.b <= 3))) expect(found(p.risks.text), `${p.a}-${p.b}`).toBe(false);
  });
});

describe('duplicate check: rings in their pairs, passages by both sides, model-form notes (issue 25)', () => {
  it('a short hand’s passage in three bids is a ring and 中风险 in each of its pairs', () => {
    // two sentences of one hand, short (about forty characters of their own): a passage too short for a pair alone
    const hand = ['东侧雨水井汛期前清掏一遍并加装防坠网。', '钢筋棚搭在二号楼北侧空地并设沉淀池。'];
    const report = run((b) => (b >= 1 && b <= 3 ? hand : []));
    const ring = report.rings.filter((x) => found(x.risk));
    expect(ring.map((x) => x.files)).toEqual([[1, 2, 3]]);
    for (const [a, b] of [[1, 2], [1, 3], [2, 3]] as const) expect(pairOf(report, a, b).risks.text, `${a}-${b}`).toBe(ring[0]!.risk);
    for (const p of report.pairs.filter((x) => !(x.a >= 1 && x.b <= 3))) expect(found(p.risks.text), `${p.a}-${p.b}`).toBe(false);
  });

  it('three short passages copied word for word, two sentences each, are a copy', () => {
    // each passage under fifty characters of its own: none counts alone, three of them in one bid do
    const copied = ['二号楼北侧空地搭设钢筋加工棚一座。棚顶铺彩钢瓦，四周排水沟接入三级沉淀池。', '东门岗亭旁设自动洗车槽一座并配高压水枪。出场车辆冲洗干净后方可驶上市政道路。', '塔吊基础位置避开地下综合管廊三米以上。基坑南侧布设沉降观测点六处每日记录。'];
    const report = compareBids(
      Array.from({ length: 6 }, (_, b) => {
        const blocks = bid(b);
        if (b === 0 || b === 4) copied.forEach((c, i) => blocks.splice(4 + i * 8, 0, para(c, 2 + i)));
        return features(`投标人${b + 1}.docx`, blocks);
      }),
    );
    expect(pairOf(report, 0, 4).risks.text).toBe('medium');
    for (const p of report.pairs.filter((x) => !(x.a === 0 && x.b === 4))) expect(found(p.risks.text), `${p.a}-${p.b}`).toBe(false);
  });

  it('many short cells of one bid near a single sentence of another are one sentence, not a passage', () => {
    // a table's cells in bid 0, each a near copy of one line of bid 4 (a scoring table's column): one shared line
    const cells = ['会计师事务所出具财务审计报告甲', '会计师事务所出具财务审计报告乙', '会计师事务所出具财务审计报告丙', '会计师事务所出具财务审计报告丁'];
    const report = run((b) => (b === 0 ? cells : b === 4 ? ['会计师事务所出具的财务审计报告。'] : []));
    expect(found(pairOf(report, 0, 4).risks.text)).toBe(false);
  });

  it('the 质疑函 and 投诉书 models’ notes, the credit-list walk-through and the 节能产品 columns two bids print are no copy', () => {
    const notes = [
      '投诉人若委托代理人进行投诉的，投诉书应按照要求列明“授权代表”的有关内容，并在附件中提交由投诉人签署的授权委托书。授权委托书应当载明代理人的姓名或者名称、代理事项、具体权限、期限和相关事项。投诉人若对项目的某一分包进行投诉，投诉书应列明具体分包号。投诉书应简要列明质疑事项，质疑函、质疑答复等作为附件材料提供。',
      '质疑供应商若对项目的某一分包进行质疑，质疑函中应列明具体分包号。质疑函的质疑事项应具体、明确，并有必要的事实依据和法律依据。质疑函的质疑请求应与质疑事项相关。',
      '“中国政府采购网”（http://www.ccgp.gov.cn/search/cr/）查询的“政府采购严重违法失信行为信息记录”操作示例如下（如遇网站改版，请以网站实际操作要求为准）：第一步，在中国政府采购网首页点击“政府采购严重违法失信行为记录名单”按钮；第二步，在“企业名称”栏输入需要查询的公司名称。',
      '序号 主要产品/技术名称（规格型号、注册商标） 制造商(开发商) 制造商企业类型 认证证书编号 该产品报价在总报价中占比（%）制造商为小型或微型企业时才需要填“制造商企业类型”栏，填写内容为“小型”或“微型”；',
    ];
    for (const n of [2, 6]) {
      const report = run((b) => (b < 2 ? notes : []), n);
      for (const p of report.pairs) expect(found(p.risks.text), `${n} bids ${p.a}-${p.b}`).toBe(false);
      // listed, labelled, not removed
      expect(pairOf(report, 0, 1).sentences.filter((s) => s.basis === 'statutory').length).toBeGreaterThan(0);
    }
  });
});

describe('duplicate check: a third bidder named in two bids (issue 25)', () => {
  it('the name of bidder C inside bids A and B is 高风险 identity between A and B, with the excerpts', () => {
    const head = (name: string) => para(`投标人：${name}，联系电话见首页。`);
    const names = ['华东建设工程有限公司', '江南路桥有限公司', '塞北市政工程有限公司', '岭南机电安装有限公司'];
    const report = compareBids(
      names.map((n, b) => {
        const blocks = [head(n), ...bid(b)];
        if (b === 0 || b === 1) blocks.push(para('本方案的技术支持由塞北市政工程有限公司负责提供。'));
        return features(`投标人${b + 1}.docx`, blocks);
      }),
    );
    const ab = pairOf(report, 0, 1);
    expect(ab.risks.identity).toBe('high');
    const f = ab.findings.find((x) => x.title === '两份投标文件中都出现另一投标人（投标人3.docx）的名称「塞北市政工程有限公司」')!;
    expect(f.a).toContain('技术支持由塞北市政工程有限公司');
    expect(f.b).toContain('技术支持由塞北市政工程有限公司');
    expect(pairOf(report, 0, 3).risks.identity).toBe('none');
  });
});

describe('duplicate check: a ring hidden by other sentence boundaries (issue 25)', () => {
  // one hand's schedule: six cells of its own words, each too short to be a sentence worth comparing alone
  const cells = ['东侧雨水井汛期前清掏完毕', '井盖加装防坠网并编号挂牌', '钢筋棚搭在二号楼北侧空地', '四周排水沟接入三级沉淀池', '塔吊基础避开地下综合管廊', '基坑南侧布设沉降观测点六处'];
  const table = (page: number): Block => ({ type: 'table', columns: 2, parts: 1, page, pageEnd: page, rows: [0, 2, 4].map((r) => ({ page, cells: [0, 1].map((c) => ({ text: cells[r + c]!, col: c, colSpan: 1, rowSpan: 1 })) })) });
  const paragraph = `${cells.join('，')}。`;
  const bidWith = (b: number, block: Block | null) => {
    const blocks = bid(b);
    if (block) blocks.splice(10, 0, block);
    return features(`投标人${b + 1}.docx`, blocks);
  };
  const ringOf = (report: ReturnType<typeof compareBids>) => report.rings.filter((x) => found(x.risk)).map((x) => x.files);

  it('a table’s cells of one bid run together as one paragraph in two others are a ring and a copy in each pair', () => {
    const report = compareBids(Array.from({ length: 6 }, (_, b) => bidWith(b, b === 1 ? table(3) : b === 2 || b === 3 ? para(paragraph, 3) : null)));
    expect(ringOf(report)).toEqual([[1, 2, 3]]);
    for (const [a, b] of [[1, 2], [1, 3], [2, 3]] as const) expect(found(pairOf(report, a, b).risks.text), `${a}-${b}`).toBe(true);
    expect(pairOf(report, 1, 2).passages.some((p) => p.a.text.includes('雨水井') && p.b.text.includes('沉淀池'))).toBe(true);
    for (const p of report.pairs.filter((x) => !(x.a >= 1 && x.b <= 3))) expect(found(p.risks.text), `${p.a}-${p.b}`).toBe(false);
  });

  it('one bid’s paragraph cut into table cells in two others is a ring', () => {
    const report = compareBids(Array.from({ length: 6 }, (_, b) => bidWith(b, b === 4 ? para(paragraph, 3) : b === 0 || b === 5 ? table(3) : null)));
    expect(ringOf(report)).toEqual([[0, 4, 5]]);
    for (const [a, b] of [[0, 4], [0, 5], [4, 5]] as const) expect(found(pairOf(report, a, b).risks.text), `${a}-${b}`).toBe(true);
  });

  it('two short lines of one bid inside a longer sentence of another are no copy', () => {
    // a sentence of bid 2 that holds two of bid 1's cells among much else of its own: not the cells run together
    const long = `${cells[0]}，${cells[1]}，另外项目部每周一组织安全例会并形成会议纪要报监理单位审核备案，现场设置专职安全员两名。`;
    const report = compareBids(Array.from({ length: 6 }, (_, b) => bidWith(b, b === 1 ? table(3) : b === 2 ? para(long, 3) : null)));
    expect(found(pairOf(report, 1, 2).risks.text)).toBe(false);
    expect(ringOf(report)).toEqual([]);
  });
});

describe('sentences of a bid', () => {
  it('a line of tab-separated cells is cells, as a table row is: a form\'s row of labels is no sentence two bids share', async () => {
    const { splitSentences } = await import('./text.js');
    expect(splitSentences('注册地址\t\t\t\t邮政编码')).toEqual(['注册地址', '邮政编码']);
    expect(splitSentences('我方承诺按时交货。质保期三年；\t免费上门服务')).toEqual(['我方承诺按时交货。', '质保期三年；', '免费上门服务']);
  });
});
