import { detectChapters } from './chapters.js';
import { readDocx } from './docx/read.js';
import { DocumentError, throwIfAborted } from './errors.js';
import { textModel } from './model/text.js';
import type { DocModel } from './model/types.js';
import { CHARS_PER_PAGE, paginate, type PageText } from './paginate.js';
import { readPdf } from './pdf.js';
import { assertSafePdf } from './pdf-guard.js';
import { assertSafeDocx } from './zip.js';
import { decodeText, sniffType } from './sniff.js';
import type { ReadOptions, ReadResult } from './types.js';

/**
 * Step 1 of the bid pipeline (PRODUCT.md §5): a tender file in, its text by page, its chapters and some counts out.
 * The type is decided by content; every user-caused failure is a DocumentError with a Chinese message.
 */
export async function readDocument(buf: Buffer, opts: ReadOptions = {}): Promise<ReadResult> {
  throwIfAborted(opts.signal);
  opts.onProgress?.({ stage: 'sniff', done: 0, total: 1 });
  const type = sniffType(buf);
  opts.onProgress?.({ stage: 'sniff', done: 1, total: 1 });
  const perPage = opts.charsPerPage ?? CHARS_PER_PAGE;

  let pages: PageText[];
  let ocrPages = 0;
  let pagesEstimated = false;
  let encoding: string | undefined;
  let notice: string | undefined;
  let model: DocModel | undefined;
  switch (type) {
    case 'pdf': {
      await assertSafePdf(buf, undefined, opts.signal); // decompression bombs, before pdfjs inflates anything
      const r = await readPdf(buf, opts);
      pages = r.pages;
      ocrPages = r.ocrPages;
      model = r.model;
      break;
    }
    case 'docx': {
      opts.onProgress?.({ stage: 'text', done: 0, total: 1 });
      assertSafeDocx(buf); // the inflation budget and every entry held to its declared size, before the DOCX reader reads its parts
      const r = await readDocx(buf, { charsPerPage: perPage });
      pages = r.pages;
      pagesEstimated = r.estimated;
      model = r.model;
      opts.onProgress?.({ stage: 'text', done: 1, total: 1 });
      break;
    }
    case 'doc': {
      opts.onProgress?.({ stage: 'text', done: 0, total: 1 });
      // a legacy Word file keeps its tables only when LibreOffice turns it into DOCX; without it, its text alone
      const docx = await docAsDocx(buf, opts.signal);
      if (docx) {
        const r = await readDocx(docx, { charsPerPage: perPage });
        pages = r.pages;
        pagesEstimated = r.estimated;
        model = r.model;
      } else {
        pages = await readDoc(buf, perPage);
        pagesEstimated = true;
        notice = DOC_TEXT_ONLY;
      }
      opts.onProgress?.({ stage: 'text', done: 1, total: 1 });
      break;
    }
    case 'txt': {
      const decoded = decodeText(buf);
      if (!decoded) throw new DocumentError('UNSUPPORTED');
      encoding = decoded.encoding;
      const segments = decoded.text.replace(/\r\n?/g, '\n').split('\f');
      pages = paginate(segments, perPage);
      pagesEstimated = segments.length === 1 || pages.length !== segments.length;
      opts.onProgress?.({ stage: 'text', done: 1, total: 1 });
      break;
    }
  }
  throwIfAborted(opts.signal);

  const chars = pages.reduce((n, p) => n + p.text.replace(/\s/g, '').length, 0);
  if (chars === 0) {
    throw new DocumentError(
      'NO_TEXT',
      type === 'pdf' && opts.ocr === false ? '未能从文件中读取到文字（可能是扫描件，请开启 OCR 识别）' : undefined,
    );
  }
  opts.onProgress?.({ stage: 'chapters', done: 0, total: 1 });
  const chapters = detectChapters(pages);
  // DOCX builds its model from the XML; DOC and TXT from their text lines; PDF is read by its own reader.
  if (!model && (type === 'doc' || type === 'txt')) model = textModel(pages);
  if (model && notice) model.notice = notice;
  opts.onProgress?.({ stage: 'done', done: 1, total: 1 });
  return {
    type,
    pages,
    chapters,
    ...(model ? { model } : {}),
    meta: { pageCount: pages.length, chars, ocrPages, pagesEstimated, ...(encoding ? { encoding } : {}), ...(notice ? { notice } : {}) },
  };
}

/** What a user is told when a DOC file could only be read as text. */
export const DOC_TEXT_ONLY = '该 DOC 文件按纯文本读取（服务器未安装 LibreOffice，无法还原表格），评分表等表格内容可能识别不全；建议另存为 DOCX 后重新上传';

/** Time a DOC → DOCX conversion may take before the file is read as text instead. */
const DOC_CONVERT_TIMEOUT_MS = 120_000;

/**
 * The DOC file as DOCX through LibreOffice (the file tools' sandboxed conversion), or null where LibreOffice is not
 * installed or cannot convert it — the caller then reads its text.
 */
async function docAsDocx(buf: Buffer, signal?: AbortSignal): Promise<Buffer | null> {
  const { findSoffice } = await import('../export/pdf.js');
  if (!findSoffice()) return null;
  const { officeConvert } = await import('../filetools/convert.js');
  try {
    const out = await officeConvert(buf, 'doc', 'docx', { timeoutMs: DOC_CONVERT_TIMEOUT_MS, signal });
    throwIfAborted(signal);
    assertSafeDocx(out);
    return out;
  } catch (e) {
    if (e instanceof DocumentError && e.code === 'ABORTED') throw e;
    return null;
  }
}

async function readDoc(buf: Buffer, perPage: number): Promise<PageText[]> {
  const { default: WordExtractor } = await import('word-extractor');
  let body: string;
  try {
    const doc = await new WordExtractor().extract(buf);
    body = (doc.getBody as (o?: { filterUnicode?: boolean }) => string)({ filterUnicode: false });
  } catch (e) {
    throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOC 无法解析）', { cause: e });
  }
  // word-extractor turns cell and row ends into tabs: a row ends in two of them.
  const text = body.replace(/\t\t\n?/g, '\n').replace(/\t+\n/g, '\n');
  return paginate([text], perPage);
}
