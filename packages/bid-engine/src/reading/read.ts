import { detectChapters } from './chapters.js';
import { readDocx } from './docx/read.js';
import { DocumentError, throwIfAborted } from './errors.js';
import { textModel } from './model/text.js';
import type { DocModel } from './model/types.js';
import { CHARS_PER_PAGE, paginate, type PageText } from './paginate.js';
import { readPdf } from './pdf.js';
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
  let model: DocModel | undefined;
  switch (type) {
    case 'pdf': {
      const r = await readPdf(buf, opts);
      pages = r.pages;
      ocrPages = r.ocrPages;
      model = r.model;
      break;
    }
    case 'docx': {
      opts.onProgress?.({ stage: 'text', done: 0, total: 1 });
      const r = await readDocx(buf, { charsPerPage: perPage });
      pages = r.pages;
      pagesEstimated = r.estimated;
      model = r.model;
      opts.onProgress?.({ stage: 'text', done: 1, total: 1 });
      break;
    }
    case 'doc': {
      opts.onProgress?.({ stage: 'text', done: 0, total: 1 });
      pages = await readDoc(buf, perPage);
      pagesEstimated = true;
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
  opts.onProgress?.({ stage: 'done', done: 1, total: 1 });
  return {
    type,
    pages,
    chapters,
    ...(model ? { model } : {}),
    meta: { pageCount: pages.length, chars, ocrPages, pagesEstimated, ...(encoding ? { encoding } : {}) },
  };
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
