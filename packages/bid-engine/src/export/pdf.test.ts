import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EditorDoc } from '@btz/shared/editor';
import { exportBidDocx, type ExportBidInput, type ExportOutlineNode } from './docx.js';
import { docxToPdf, findSoffice } from './pdf.js';

/**
 * The PDF's table of contents against the pages themselves: a bid of 16 chapters of very different lengths is exported
 * and converted, the PDF read page by page with pdftotext, and every TOC entry's page number compared with the page
 * number printed in the footer of the page its heading is on. Without LibreOffice (or pdftotext) this fails loudly: the
 * PDF export is a feature, CI installs both (.ci/run).
 */

const PDFTOTEXT = '/usr/bin/pdftotext';
const CHAPTERS = [
  '项目理解与需求分析', '总体服务方案', '人员配置方案', '服务流程', '质量保证措施', '考核与应急', '培训方案', '安全保障措施',
  '进度计划及保证措施', '售后服务方案', '类似项目业绩', '企业资质证明', '企业信誉及荣誉', '投标函', '法定代表人授权书', '开标一览表',
];

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

function bid(): ExportBidInput {
  const outline: ExportOutlineNode[] = [];
  const sections: Record<string, EditorDoc> = {};
  CHAPTERS.forEach((title, i) => {
    const children: ExportOutlineNode[] = [];
    for (let j = 1; j <= 2; j++) {
      const id = `n${i + 1}-${j}`;
      children.push({ id, title: `${title}要点${j}`, level: 2, children: [] });
      // from a few lines to several pages: the exporter's own estimate of the pages cannot be right for all of them
      const paragraphs = ((i * 7 + j * 5) % 11) * 2 + 1;
      const content: unknown[] = Array.from({ length: paragraphs }, (_, k) => para(`${title}第${j}部分第${k + 1}段：按招标文件要求逐条响应并说明做法与保证措施。`.repeat(6)));
      if ((i + j) % 4 === 0)
        content.push({
          type: 'table',
          content: Array.from({ length: 12 }, (_, r) => ({
            type: 'tableRow',
            content: [String(r + 1), `${title}事项${r + 1}`, '满足'].map((c) => ({ type: r ? 'tableCell' : 'tableHeader', content: [para(c)] })),
          })),
        });
      sections[id] = { type: 'doc', content } as EditorDoc;
    }
    outline.push({ id: `n${i + 1}`, title, level: 1, children });
  });
  return {
    title: '某数据维护服务项目投标文件',
    bidderName: '某某信息技术有限公司',
    card: { projectName: { value: '某数据维护服务项目', text: '某数据维护服务项目' } as never },
    outline,
    sections,
    settings: { headingStyle: 'chapter', pageNumber: { start: 1, format: 'plain', position: 'center' } },
  };
}

/** The PDF's pages as text (pdftotext -layout, split at form feeds). */
function pagesOf(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'btz-pdf-test-'));
  try {
    const file = join(dir, 'bid.pdf');
    writeFileSync(file, pdf);
    return execFileSync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\f');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const squash = (s: string) => s.replace(/\s+/g, '');

/** The TOC entries of the PDF and the entries whose page number is not the printed page of their heading. */
function checkToc(pages: string[]): { entries: { title: string; page: number }[]; wrong: string[]; printed: (number | null)[] } {
  // TOC lines: 「第十三章 考核与应急 ........ 21」 on the pages after the cover, up to the first body page
  const tocStart = pages.findIndex((p) => /目\s*录/.test(p));
  expect(tocStart).toBeGreaterThan(0);
  const entries: { title: string; page: number }[] = [];
  let bodyStart = tocStart;
  for (let i = tocStart; i < pages.length; i++) {
    const lines = pages[i]!.split('\n').map((l) => l.trim()).filter(Boolean);
    const toc = lines.map((l) => /^(.+?)\s*(?:\.|…|·){3,}\s*(\d+)$/.exec(l)).filter((m): m is RegExpExecArray => !!m);
    if (!toc.length) break;
    for (const m of toc) entries.push({ title: squash(m[1]!), page: Number(m[2]) });
    bodyStart = i + 1;
  }
  // the printed page number is the footer: the last line of each body page (「12」 or 「第12页 共30页」)
  const printed = pages.map((p) => {
    const last = p.split('\n').map((l) => l.trim()).filter(Boolean).pop() ?? '';
    const m = /^第?\s*(\d+)\s*(?:页.*)?$/.exec(last);
    return m ? Number(m[1]) : null;
  });
  const wrong: string[] = [];
  for (const e of entries) {
    const at = pages.findIndex((p, i) => i >= bodyStart && p.split('\n').some((l) => squash(l) === e.title));
    if (at < 0) wrong.push(`${e.title}：正文中找不到`);
    else if (printed[at] !== e.page) wrong.push(`${e.title}：目录 ${e.page}，印在第 ${printed[at]} 页`);
  }
  return { entries, wrong, printed };
}

function needTools(): void {
  if (!findSoffice()) throw new Error('未安装 LibreOffice（soffice）：PDF 导出与本测试都需要它 — apt-get install -y libreoffice-writer-nogui（.ci/run 会安装）');
  if (!existsSync(PDFTOTEXT)) throw new Error('未安装 pdftotext：apt-get install -y poppler-utils（.ci/run 会安装）');
}

describe('PDF export: the table of contents points to the pages the headings are printed on', () => {
  it('every TOC entry of a 16-chapter bid equals the printed page number of its heading', { timeout: 120_000 }, async () => {
    needTools();
    const pdf = await docxToPdf(await exportBidDocx(bid()));
    if (process.env.BID_EXPORT_DUMP) writeFileSync(join(process.env.BID_EXPORT_DUMP, 'toc-bid.pdf'), pdf);
    const pages = pagesOf(pdf);
    const { entries, wrong, printed } = checkToc(pages);
    // 16 chapters and their 32 sections
    expect(entries.filter((e) => /^第.+章/.test(e.title))).toHaveLength(CHAPTERS.length);
    expect(entries).toHaveLength(CHAPTERS.length * 3);
    expect(wrong).toEqual([]);
    // the body is long enough for the check to mean something (the exporter's estimate alone was 3 pages off here)
    expect(printed[pages.length - 2] ?? printed[pages.length - 1]).toBeGreaterThan(25);
  });

  it('in volumes (page numbers restarting, 「第N页 共M页」): the TOC names each volume and every entry is right', { timeout: 120_000 }, async () => {
    needTools();
    const input = bid();
    const ids = input.outline.map((n) => n.id);
    input.settings = {
      headingStyle: 'numeric',
      pageNumber: { start: 1, format: 'pageOfTotal', position: 'center' },
      volumes: [
        { title: '商务标', nodeIds: ids.slice(0, 8) },
        { title: '技术标', nodeIds: ids.slice(8) },
      ],
    };
    const pages = pagesOf(await docxToPdf(await exportBidDocx(input)));
    const { entries, wrong } = checkToc(pages);
    expect(entries.map((e) => e.title).filter((t) => /标$/.test(t))).toEqual(['商务标', '技术标']);
    expect(entries).toHaveLength(2 + CHAPTERS.length * 3);
    expect(wrong).toEqual([]);
    // 「第 X 页 共 N 页」: N is the volume's own page count (LibreOffice printed 「共页」 for Word's SECTIONPAGES)
    const footers = pages.map((p) => /第\s*(\d+)\s*页\s*共\s*(\d*)\s*页/.exec(p.split('\n').map((l) => l.trim()).filter(Boolean).pop() ?? '')).filter((m): m is RegExpExecArray => !!m);
    const volumes: number[][] = [];
    for (const m of footers) (m[1] === '1' || !volumes.length ? volumes[volumes.push([]) - 1]! : volumes[volumes.length - 1]!).push(Number(m[2] || 0));
    expect(volumes).toHaveLength(2);
    for (const v of volumes) expect(new Set(v), JSON.stringify(volumes)).toEqual(new Set([v.length]));
  });
});
