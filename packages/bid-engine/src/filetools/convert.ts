/**
 * File conversion (issue 15, 文件转换): DOCX → PDF and DOC → DOCX through LibreOffice headless (found the way the PDF
 * export finds it, a private profile directory per call, one at a time in this process, a time limit); PDF → DOCX as
 * the PDF's text by page (LibreOffice here has no PDF import filter; the reading module reads the text); images → PDF
 * with pdf-lib (one A4 page per picture); PDF → images with poppler's pdftoppm (one PNG per page). Without LibreOffice or
 * pdftoppm the call fails with a Chinese FileToolError saying so. This runs in a worker process (the server's
 * `filetools` task), never in the server itself.
 *
 * Both programs run confined (issue 22, ../native): no network, only their job folder writable and visible besides the
 * system's files, an address-space cap, their own process group killed at the time limit. A DOCX loses its external
 * links and linking fields before LibreOffice opens it; a PDF's page sizes are read first and the resolution lowered so
 * no page renders beyond MAX_RENDER_SIDE_PX a side (a 200-inch page would take pdftoppm gigabytes at 110 dpi).
 */
import { existsSync } from 'node:fs';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { findSoffice, SOFFICE_MEMORY_MB } from '../export/pdf.js';
import { makeJobDir, NativeRunError, runNative, stripExternalLinks } from '../native/index.js';
import { DocumentError } from '../reading/index.js';
import { PictureError, toWordImage } from '../pictures/index.js';

/** A refusal the user should read as it is (Chinese). */
export class FileToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileToolError';
  }
}

export const FILETOOL_MESSAGES = {
  noOffice: '服务器未安装 LibreOffice，暂不支持该转换，请联系管理员安装后再试',
  noPoppler: '服务器未安装 PDF 渲染组件（poppler-utils），暂不支持 PDF 转图片，请联系管理员安装后再试',
  officeFailed: '文件转换失败：LibreOffice 无法打开或转换该文件，请确认文件未损坏后重试',
  officeTimeout: (s: number) => `文件转换超时（超过 ${s} 秒），请精简文件后重试`,
  renderFailed: 'PDF 渲染失败，请确认文件未损坏后重试',
  tooManyPages: (max: number) => `PDF 页数超过 ${max} 页，请拆分后再转换为图片`,
  noText: 'PDF 中没有可提取的文字（可能是扫描件），无法转换为 Word',
  badImage: (name: string, why: string) => `图片「${name}」无法转换：${why}`,
} as const;

/** Most pages PDF → images renders. */
export const MAX_RENDER_PAGES = 300;
/** Resolution of the rendered pages (A4 at 110 dpi: 910 × 1286 px). */
export const RENDER_DPI = 110;
/** Longest side of a rendered page, px (A2 at 110 dpi): a larger page is rendered at a lower resolution. */
export const MAX_RENDER_SIDE_PX = 2600;
/** Pixels of all pages of one run (300 A4 pages at 110 dpi are 351 million): more pages of more area, a lower resolution. */
export const MAX_RENDER_PIXELS = 400_000_000;
/** Address-space cap of pdftoppm, MB (a page of MAX_RENDER_SIDE_PX² takes ~30 MB). */
export const PDFTOPPM_MEMORY_MB = 1024;

export function findPdftoppm(): string | null {
  const fromEnv = process.env.PDFTOPPM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm', '/opt/homebrew/bin/pdftoppm'].find((p) => existsSync(p)) ?? null;
}

const timedOut = (e: unknown) => e instanceof NativeRunError && e.reason === 'timeout';

let chain: Promise<unknown> = Promise.resolve();

/**
 * Converts with LibreOffice: `from` is the input's extension, `to` LibreOffice's --convert-to argument ('pdf',
 * 'docx:MS Word 2007 XML'). One conversion at a time in this process; a fresh profile per call.
 */
export function officeConvert(data: Buffer, from: 'docx' | 'doc', to: 'pdf' | 'docx', opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Buffer> {
  const soffice = findSoffice();
  if (!soffice) return Promise.reject(new FileToolError(FILETOOL_MESSAGES.noOffice));
  const convert = async () => {
    const dir = await makeJobDir('convert');
    try {
      const input = path.join(dir, `input.${from}`);
      // a .doc has no package to clean: the sandbox alone keeps it from the network and the disk
      await writeFile(input, from === 'docx' ? (await stripExternalLinks(data)).data : data);
      const outDir = path.join(dir, 'out');
      const filter = to === 'pdf' ? 'pdf:writer_pdf_Export' : 'docx:MS Word 2007 XML';
      try {
        await runNative(
          soffice,
          [`-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`, '--headless', '--norestore', '--nologo', '--nodefault', '--nolockcheck', '--convert-to', filter, '--outdir', outDir, input],
          { dir, timeoutMs: opts.timeoutMs, memoryMb: SOFFICE_MEMORY_MB, signal: opts.signal },
        );
      } catch (e) {
        if (timedOut(e)) throw new FileToolError(FILETOOL_MESSAGES.officeTimeout(Math.round(opts.timeoutMs / 1000)));
        throw new FileToolError(FILETOOL_MESSAGES.officeFailed);
      }
      const output = path.join(outDir, `input.${to}`);
      if (!existsSync(output)) throw new FileToolError(FILETOOL_MESSAGES.officeFailed);
      return await readFile(output);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const next = chain.then(convert, convert);
  chain = next.catch(() => undefined);
  return next;
}

/** Pages of a PDF (pdf-lib; the caller ran the inflation guard). */
export async function pdfPageCount(data: Buffer): Promise<number> {
  try {
    const doc = await PDFDocument.load(data, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
    return doc.getPageCount();
  } catch (e) {
    throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF）', { cause: e });
  }
}

/**
 * The largest side of any page (points) and the pages' total area (square points), MediaBox or CropBox whichever is
 * larger, times the page's UserUnit — read with pdf-lib, before poppler sees the file.
 */
export async function pdfPageExtent(data: Buffer): Promise<{ largestSide: number; totalArea: number }> {
  let doc;
  try {
    doc = await PDFDocument.load(data, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
  } catch (e) {
    throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF）', { cause: e });
  }
  let largestSide = 0;
  let totalArea = 0;
  for (const page of doc.getPages().slice(0, MAX_RENDER_PAGES)) {
    const unitObj = page.node.lookup(PDFName.of('UserUnit'));
    const unit = unitObj instanceof PDFNumber ? Math.max(1, unitObj.asNumber()) : 1;
    let w = 0;
    let h = 0;
    for (const box of [page.getMediaBox(), page.getCropBox()]) {
      w = Math.max(w, Math.abs(box.width) * unit);
      h = Math.max(h, Math.abs(box.height) * unit);
    }
    largestSide = Math.max(largestSide, w, h);
    totalArea += w * h;
  }
  return { largestSide, totalArea };
}

/**
 * The resolution that keeps every page within MAX_RENDER_SIDE_PX a side and all pages within MAX_RENDER_PIXELS
 * (RENDER_DPI when they fit): a 200-inch page costs what an A2 page costs, 300 of them what 300 A4 pages cost.
 */
export function renderDpiFor(extent: { largestSide: number; totalArea: number }): number {
  let dpi = RENDER_DPI;
  if (extent.largestSide > 0) dpi = Math.min(dpi, (MAX_RENDER_SIDE_PX * 72) / extent.largestSide);
  if (extent.totalArea > 0) dpi = Math.min(dpi, 72 * Math.sqrt(MAX_RENDER_PIXELS / extent.totalArea));
  return Math.max(1, Math.floor(dpi));
}

/**
 * Every page of a PDF as a PNG (pdftoppm, RENDER_DPI — lower for pages larger than A2 or many large pages), in page order; progress as
 * pages appear. Refuses more than MAX_RENDER_PAGES pages. The crop box passed to pdftoppm (-W/-H) bounds every page's
 * bitmap even where the page sizes read here and poppler's disagree.
 */
export async function pdfToImages(
  data: Buffer,
  opts: { timeoutMs: number; onProgress?: (done: number, total: number) => void },
): Promise<{ page: number; data: Buffer }[]> {
  const bin = findPdftoppm();
  if (!bin) throw new FileToolError(FILETOOL_MESSAGES.noPoppler);
  const total = await pdfPageCount(data);
  if (total > MAX_RENDER_PAGES) throw new FileToolError(FILETOOL_MESSAGES.tooManyPages(MAX_RENDER_PAGES));
  const dpi = renderDpiFor(await pdfPageExtent(data));
  const dir = await makeJobDir('render');
  const watch = setInterval(() => {
    void readdir(dir)
      .then((names) => opts.onProgress?.(Math.max(0, names.filter((n) => n.endsWith('.png')).length - 1), total))
      .catch(() => undefined);
  }, 500);
  try {
    const input = path.join(dir, 'input.pdf');
    await writeFile(input, data);
    const side = String(MAX_RENDER_SIDE_PX + 8);
    try {
      await runNative(bin, ['-r', String(dpi), '-x', '0', '-y', '0', '-W', side, '-H', side, '-png', '-l', String(MAX_RENDER_PAGES), input, path.join(dir, 'page')], {
        dir,
        timeoutMs: opts.timeoutMs,
        memoryMb: PDFTOPPM_MEMORY_MB,
      });
    } catch (e) {
      if (timedOut(e)) throw new FileToolError(FILETOOL_MESSAGES.officeTimeout(Math.round(opts.timeoutMs / 1000)));
      throw new FileToolError(FILETOOL_MESSAGES.renderFailed);
    }
    const names = (await readdir(dir)).filter((n) => /^page-\d+\.png$/.test(n));
    const pages = names.map((n) => ({ name: n, page: Number(/(\d+)\.png$/.exec(n)![1]) })).sort((a, b) => a.page - b.page);
    if (!pages.length) throw new FileToolError(FILETOOL_MESSAGES.renderFailed);
    const out = [];
    for (const p of pages) out.push({ page: p.page, data: await readFile(path.join(dir, p.name)) });
    opts.onProgress?.(out.length, total);
    return out;
  } finally {
    clearInterval(watch);
    await rm(dir, { recursive: true, force: true });
  }
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;

/** One A4 page per picture (landscape for a wide one), the picture fitted inside the margins and centred. */
export async function imagesToPdf(images: { name: string; data: Buffer }[], onProgress?: (done: number, total: number) => void): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  let done = 0;
  for (const img of images) {
    let word;
    try {
      word = await toWordImage(img.data);
    } catch (e) {
      if (e instanceof PictureError) throw new FileToolError(FILETOOL_MESSAGES.badImage(img.name, e.message));
      throw e;
    }
    let embedded;
    try {
      embedded = word.mime === 'image/jpeg' ? await doc.embedJpg(word.data) : await doc.embedPng(word.data);
    } catch {
      throw new FileToolError(FILETOOL_MESSAGES.badImage(img.name, '图片已损坏或无法解码'));
    }
    const wide = embedded.width > embedded.height;
    const size = wide ? { width: A4.height, height: A4.width } : A4;
    const page = doc.addPage([size.width, size.height]);
    const scale = Math.min((size.width - 2 * MARGIN) / embedded.width, (size.height - 2 * MARGIN) / embedded.height, 1);
    const w = embedded.width * scale;
    const h = embedded.height * scale;
    page.drawImage(embedded, { x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h });
    onProgress?.(++done, images.length);
  }
  const out = await doc.save();
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** The text of a PDF's pages as a Word file: a paragraph per line, a page break between pages. */
export async function pdfTextToDocx(pages: { page: number; text: string }[]): Promise<Buffer> {
  if (!pages.some((p) => p.text.trim())) throw new FileToolError(FILETOOL_MESSAGES.noText);
  const children: Paragraph[] = [];
  pages.forEach((p, i) => {
    const lines = p.text.split('\n');
    lines.forEach((line, j) => {
      const runs: (TextRun | PageBreak)[] = [];
      if (i > 0 && j === 0) runs.push(new PageBreak());
      runs.push(new TextRun({ text: line, font: { ascii: 'Times New Roman', eastAsia: '宋体' }, size: 21 }));
      children.push(new Paragraph({ children: runs }));
    });
  });
  const doc = new Document({ creator: '', lastModifiedBy: '', title: '', sections: [{ children }] });
  return Packer.toBuffer(doc);
}
