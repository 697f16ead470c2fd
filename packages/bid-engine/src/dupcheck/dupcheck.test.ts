/**
 * The duplicate check on real files (issue 15): DOCX bids built by the fixture, read by the product's reader, their
 * metadata and pictures read like the worker does; copies, rewordings, reorderings, shared metadata, a cropped picture,
 * another bidder's name and patterned prices are found between the pairs that have them, and the tender's own text,
 * present in every bid, is not counted.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../reading/index.js';
import { analyseImage, extractImages, gradientHashes } from '../pictures/index.js';
import { cropPicture, drawPicture, drawScreenshot, reencode } from '../../test/fixtures/pictures.js';
import { bidParagraph, buildBidDocx, dupMeta, reorder, reword, rng, type DupBlock } from '../../test/fixtures/dup-bids.js';
import { buildFeatures, COMMON_TYPOS, compareBids, dupReportXlsx, isAcceptedVariant, readFileMetadata, type DupImage, type FileFeatures } from './index.js';
import { normalise, sharedRanges } from './text.js';

async function features(name: string, role: 'bid' | 'tender', data: Buffer): Promise<FileFeatures> {
  const read = await readDocument(data, { ocr: false });
  const images: DupImage[] = [];
  if (read.type === 'docx' || read.type === 'pdf')
    for (const img of (await extractImages(data, read.type)).images) {
      const a = await analyseImage(img.data);
      images.push({ page: img.page, name: img.name, width: a.width, height: a.height, sha256: a.sha256, dhash: a.dhash, ...(await gradientHashes(img.data)) });
    }
  return buildFeatures(name, role, read, readFileMetadata(data, read.type), images);
}


const TENDER_PARAS = Array.from({ length: 6 }, (_, i) => `招标文件第${i + 1}条要求：投标人应当具备相应的施工资质，并提供近三年类似工程业绩证明材料，项目负责人须持有一级注册建造师证书且无在建工程，投标报价不得超过招标控制价${i + 1}百万元。`);

function bidBlocks(seed: number, company: string, phone: string, headings: string[], extra: DupBlock[] = []): DupBlock[] {
  const r = rng(seed);
  const out: DupBlock[] = [{ kind: 'p', text: `投标人：${company}，联系电话：${phone}。` }];
  headings.forEach((h, i) => {
    out.push({ kind: i % 3 === 0 ? 'h1' : 'h2', text: h });
    for (let k = 0; k < 3; k++) out.push({ kind: 'p', text: bidParagraph(r, 4) });
    if (i === 1) out.push({ kind: 'p', text: TENDER_PARAS.join('') });
  });
  return [...out, ...extra];
}

describe('duplicate check', () => {
  it('finds each kind of copy between the pairs that have it, and not the tender text', async () => {
    const hA = ['项目实施总体方案', '施工组织设计说明', '质量保证体系建设', '安全文明施工措施', '进度计划与工期保证', '人员配置与分工', '售后服务承诺书', '应急处置预案'];
    const hB = ['工程概况与理解', '总体部署思路', '资源投入计划', '技术质量控制要点', '安全管理制度', '工期保障措施', '服务与培训计划', '风险识别与应对'];
    const hC = ['对本项目的认识', '实施组织机构', '主要施工方法', '材料设备管理', '环境保护措施', '验收与移交', '廉洁承诺', '合理化建议'];
    const picA = drawPicture(31);
    const picC = drawPicture(47);
    const a = bidBlocks(1, '华东建设工程有限公司', '13812345678', hA, [
      { kind: 'image', data: picA, type: 'png' },
      { kind: 'prices', rows: [['土方开挖', 120, 35.5], ['混凝土浇筑', 80, 420], ['钢筋制作安装', 40, 5200], ['模板工程', 300, 48]] },
    ]);
    const paraA = a.filter((b) => b.kind === 'p').map((b) => (b as { text: string }).text);
    // B: its own text, with A's outline, three of A's paragraphs copied verbatim, two reworded, one reordered
    const r = rng(99);
    const cropped = await (async () => {
      const { createCanvas, loadImage } = await import('@napi-rs/canvas');
      const img = await loadImage(picA);
      const c = createCanvas(Math.round(img.width * 0.8), img.height);
      c.getContext('2d').drawImage(img, 0, 0);
      return reencode(c.toBuffer('image/png'), { quality: 70 });
    })();
    const b = bidBlocks(2, '江南市政工程有限公司', '13987654321', hA, [
      { kind: 'p', text: paraA[3]! },
      { kind: 'p', text: paraA[5]! },
      { kind: 'p', text: paraA[8]! },
      { kind: 'p', text: reword(paraA[10]!, r) },
      { kind: 'p', text: reword(paraA[12]!, r) },
      { kind: 'p', text: reorder(paraA[14]!, r) },
      { kind: 'image', data: cropped, type: 'jpg' },
      { kind: 'prices', rows: [['土方开挖', 120, 35.5 * 0.97], ['混凝土浇筑', 80, 420 * 0.97], ['钢筋制作安装', 40, 5200 * 0.97], ['模板工程', 300, 48 * 0.97]] },
    ]);
    // C: independent, but names A's company in a leftover sentence
    const c = bidBlocks(3, '西北路桥集团有限公司', '13700001111', hC, [
      { kind: 'p', text: '本章节内容由华东建设工程有限公司负责编制并承担相应责任。' },
      { kind: 'image', data: picC, type: 'png' },
      { kind: 'prices', rows: [['土方开挖', 120, 31], ['混凝土浇筑', 80, 455], ['钢筋制作安装', 40, 4980], ['模板工程', 300, 52]] },
    ]);
    void hB;
    const tender = await buildBidDocx([{ kind: 'h1', text: '第一章 投标人须知' }, ...TENDER_PARAS.map((text) => ({ kind: 'p' as const, text }))], dupMeta({ author: '招标代理' }));
    const files = await Promise.all([
      buildBidDocx(a, dupMeta({ author: '张伟', lastModifiedBy: '张伟', company: '华东建设', rsidRoot: '00C4D5E6', rsids: ['00112233', '00445566', '00778899'] })),
      buildBidDocx(b, dupMeta({ author: '李强', lastModifiedBy: '张伟', company: '江南市政', rsidRoot: '00C4D5E6', rsids: ['00112233', '00445566', '00ABCDEF'], created: '2026-03-05T10:00:00Z' })),
      buildBidDocx(c, dupMeta({ author: '王芳', lastModifiedBy: 'Administrator', company: '西北路桥', rsidRoot: '00FEDCBA', rsids: ['00999999'], created: '2026-03-07T10:00:00Z', modified: '2026-03-07T18:30:00Z' })),
    ]);
    const feats = [await features('A.docx', 'bid', files[0]!), await features('B.docx', 'bid', files[1]!), await features('C.docx', 'bid', files[2]!), await features('招标文件.docx', 'tender', tender)];
    expect(feats[0]!.meta).toMatchObject({ author: '张伟', rsidRoot: '00C4D5E6', company: '华东建设' });
    expect(feats[0]!.headings.map((h) => h.title)).toEqual(hA);
    expect(feats[0]!.images).toHaveLength(1);
    expect(feats[0]!.prices).toHaveLength(4);

    const report = compareBids(feats);
    expect(report.files.map((f) => f.role)).toEqual(['bid', 'bid', 'bid', 'tender']);
    expect(report.files[0]!.tenderSentences).toBeGreaterThanOrEqual(6);
    const pair = (i: number, j: number) => report.pairs.find((p) => p.a === i && p.b === j)!;
    const ab = pair(0, 1);
    const ac = pair(0, 2);
    const bc = pair(1, 2);
    expect(ab.risk).toBe('high');
    expect(ab.risks).toMatchObject({ text: 'high', outline: 'high', metadata: 'high', images: 'medium', prices: 'high' });
    expect(ab.matched.verbatim).toBeGreaterThanOrEqual(12);
    expect(ab.matched.near).toBeGreaterThanOrEqual(4);
    expect(ab.passages.some((p) => p.kind === 'verbatim' && p.a.marks.length > 0)).toBe(true);
    expect(ab.passages.some((p) => p.kind === 'near')).toBe(true);
    expect(ab.findings.map((f) => f.title)).toEqual(expect.arrayContaining(['文档根编辑会话（rsidRoot）相同', '最后修改者相同', '共有 2 个 Word 编辑会话编号（RSID）', '图片为裁剪后的同一图片']));
    expect(ab.findings.some((f) => f.title.startsWith('分项报价呈固定比例'))).toBe(true);
    // the tender's requirements are in all three: they do not make A and C alike
    // (independent bids drawn from one small phrase book share a sentence here and there: at most a weak sign)
    expect(['none', 'low']).toContain(ac.risks.text);
    expect(['none', 'low']).toContain(bc.risks.text);
    expect(ac.risks).toMatchObject({ outline: 'none', metadata: 'none', images: 'none', prices: 'none', identity: 'high' });
    const leak = ac.findings.find((f) => f.dimension === 'identity')!;
    expect(leak.title).toBe('C.docx 中出现另一投标人（A.docx）的名称「华东建设工程有限公司」');
    // the excerpt of each bid: A's own declaration, and where C names A
    expect(leak.a).toContain('投标人：华东建设工程有限公司');
    expect(leak.b).toContain('华东建设工程有限公司');
    expect(leak.b).not.toBe(leak.a);
    // every counted shared sentence is listed, side by side
    expect(ab.sentences.length).toBe(ab.matched.verbatim + ab.matched.near);
    expect(ab.sentences.filter((s) => s.kind === 'verbatim').length).toBe(ab.matched.verbatim);
    expect(bc.risks.metadata).toBe('none');
    expect(report.risk).toBe('high');
    expect(ab.sections.length).toBeGreaterThan(0);

    // without the tender the copied requirements count between every pair
    const noTender = compareBids(feats.slice(0, 3));
    expect(noTender.pairs.find((p) => p.a === 0 && p.b === 2)!.risks.text).not.toBe('none');

    const xlsx = await dupReportXlsx(report, '测试查重', new Date('2026-03-08T00:00:00Z'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['概况', '两两对比', '雷同段落', '雷同句', '多家共有', '证据明细', '章节相似度']);
    expect(wb.getWorksheet('两两对比')!.rowCount).toBe(4);
    expect(wb.getWorksheet('雷同段落')!.rowCount).toBeGreaterThan(1);
    expect(wb.getWorksheet('雷同句')!.rowCount).toBe(1 + report.pairs.reduce((n, p) => n + p.sentences.length, 0));
  }, 60_000);

  it('finds recompressed, scaled and cropped copies of screenshot-like pictures, and not unrelated or blank ones', async () => {
    // screenshots have large flat areas, where JPEG noise flips a plain dHash's bits: the copies must still be found
    const bid = async (name: string, pictures: Buffer[]): Promise<FileFeatures> => {
      const images: DupImage[] = [];
      for (const [n, data] of pictures.entries()) {
        const a = await analyseImage(data);
        images.push({ page: 1, name: `图${n + 1}`, width: a.width, height: a.height, sha256: a.sha256, dhash: a.dhash, ...(await gradientHashes(data)) });
      }
      return { name, role: 'bid', type: 'docx', pages: 1, sentences: [], sections: [], headings: [], meta: readFileMetadata(Buffer.alloc(0), 'doc'), images, prices: [], text: '' };
    };
    const titles = (a: FileFeatures, b: FileFeatures) => compareBids([a, b]).pairs[0]!.findings.filter((f) => f.dimension === 'images').map((f) => f.title);
    const blank = async (w: number, h: number, quality?: number) => {
      const { createCanvas } = await import('@napi-rs/canvas');
      const c = createCanvas(w, h);
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, w, h);
      return quality ? c.encode('jpeg', quality) : c.encode('png');
    };
    for (let seed = 1; seed <= 12; seed++) {
      const original = await bid('甲', [drawScreenshot(seed)]);
      const scaled = await bid('乙', [await reencode(drawScreenshot(seed), { quality: 60, scale: 0.8 })]);
      expect(titles(original, scaled)).toEqual(['图片高度相似（重新压缩或缩放）']);
      const cropped = await bid('乙', [await cropPicture(drawScreenshot(seed), 0.85, 0.9, 0.1, 0, 80)]);
      expect(titles(original, cropped)).toEqual(['图片为裁剪后的同一图片']);
      // the other way round too: the crop in the first bid, the original in the second
      const croppedMore = await bid('乙', [await cropPicture(drawScreenshot(seed), 0.8, 0.85, 0.05, 0.1, 70)]);
      expect(titles(croppedMore, original)).toEqual(['图片为裁剪后的同一图片']);
      // an unrelated screenshot, an unrelated photo-like picture, recompressed: nothing
      const other = await bid('丙', [await reencode(drawScreenshot(seed + 100), { quality: 60, scale: 0.8 }), drawPicture(seed + 10, 520, 380)]);
      expect(titles(original, other)).toEqual([]);
    }
    // blank pictures of different sizes and formats have no shape: never a match, nor with a real picture
    const blanks1 = await bid('甲', [await blank(400, 300), drawScreenshot(7)]);
    const blanks2 = await bid('乙', [await blank(320, 240, 60), await blank(400, 300, 90)]);
    expect(titles(blanks1, blanks2)).toEqual([]);
  }, 60_000);

  it('takes a shared default name (Administrator) as a weak sign only', () => {
    const f = (name: string, author: string): FileFeatures => ({
      name, role: 'bid', type: 'docx', pages: 1, sentences: [], sections: [], headings: [], images: [], prices: [], text: '',
      meta: { ...readFileMetadata(Buffer.alloc(0), 'doc'), author, lastModifiedBy: author },
    });
    expect(compareBids([f('甲', 'Administrator'), f('乙', 'Administrator')]).pairs[0]!.risks.metadata).toBe('low');
    expect(compareBids([f('甲', '张伟'), f('乙', '张伟')]).pairs[0]!.risks.metadata).toBe('high');
  });

  it('holds only real misspellings in the typo list: no accepted variant form (其它, 帐号, 帐户 …)', () => {
    for (const [wrong, right] of COMMON_TYPOS) {
      expect(isAcceptedVariant(wrong), wrong).toBe(false);
      expect(wrong).not.toBe(right);
    }
    for (const w of ['其它', '帐号', '帐户', '想像', '惟一']) expect(isAcceptedVariant(w), w).toBe(true);
  });

  it('normalises away spacing and punctuation, and marks what two texts share', () => {
    expect(normalise('ＡＢＣ， 质量 保证！')).toBe('abc质量保证');
    expect(sharedRanges('甲乙丙丁戊己庚', '丙丁戊己')).toEqual([[2, 6]]);
  });
});
