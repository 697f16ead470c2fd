/**
 * What a task worker can run (entry.ts dispatches here). Each takes its input, the pieces fed after it, and a progress
 * callback, and returns a value that V8 serialization can carry back (buffers included).
 */
import type { ReadOptions } from '@btz/bid-engine/reading';
import type { EditorDoc, ExportBidInput } from '@btz/bid-engine/export';
import type { FileToolInput } from '@btz/bid-engine/filetools';
import type { DupImage, FileFeatures } from '@btz/bid-engine/dupcheck';
import type { AnonymityInput, RejectInput, RejectResult } from '@btz/bid-engine/bidcheck';
import type { BidCheckFinding } from '@btz/shared';
import type { AnalysedImage } from '@btz/bid-engine/pictures';
import type { ExtractOptions, TenderFileInput } from '@btz/bid-engine/tender';
import type { WorkerTaskName } from './protocol.js';

export interface DupReadTaskInput {
  data: Uint8Array;
  name: string;
  role: 'bid' | 'tender';
}

export interface ReadTaskInput {
  data: Uint8Array;
  options: Pick<ReadOptions, 'ocr' | 'maxOcrPages' | 'charsPerPage'>;
}

export interface ExportTaskInput {
  bid: Omit<ExportBidInput, 'sections'>;
  /** picture-library images the sections use, by src (their bytes as stored; made PNG/JPEG data URLs here) */
  library?: Record<string, Uint8Array>;
  format: 'docx' | 'pdf';
  pdfTimeoutMs: number;
}

export interface PicturesTaskInput {
  data: Uint8Array;
  type: 'docx' | 'pdf';
  /** the document's pixel budget (EXTRACT_MAX_PIXELS) */
  maxPixels?: number;
}

/** One picture found by the `pictures` task, analysed (size, hashes, thumbnail) and ready to store. */
export interface FoundPicture {
  page: number;
  name: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  sha256: string;
  dhash: string;
  data: Uint8Array;
  thumbnail: Uint8Array;
}

/** The `picture` task's answer: the analysed picture, or why it was refused (a PictureError's Chinese message). */
export type PictureTaskResult = { ok: AnalysedImage; refused?: undefined } | { ok?: undefined; refused: string };

/**
 * A bid file for the 暗标 / 废标 checks (issue 15): read, (暗标, DOCX/PDF) its format scanned, and judged — the check of a
 * 300-page bid is most of a second of CPU, so it runs here too, never on the server's thread.
 */
export interface BidCheckTaskInput {
  data: Uint8Array;
  type: 'docx' | 'pdf' | 'doc';
  format: boolean;
  judge: { kind: 'reject'; input: Omit<RejectInput, 'document'> } | { kind: 'anonymity'; input: Pick<AnonymityInput, 'rules' | 'bidder' | 'tenderNames'> };
}

/** What the `bidcheck` task answers: the file's reading facts and, when it has text, its findings. */
export interface BidCheckTaskResult {
  meta: { chars: number; pageCount: number; pagesEstimated?: boolean };
  judged: (RejectResult & { kind: 'reject' }) | { kind: 'anonymity'; findings: BidCheckFinding[] } | null;
}

/** A past bid for the 知识库 (issue 16), read and split into passages with their search words (issue 22: off the server). */
export interface RepositoryReadTaskInput {
  data: Uint8Array;
  /** how much of one passage is segmented for search */
  indexChars: number;
}

/** One passage of a past bid with its words as tsvector input (`tsv`: heading and text, `head`: heading alone). */
export interface RepositoryPassage {
  path: string[];
  page: number;
  text: string;
  tsv: string;
  head: string;
}

/** The tender's files as read, for the rules' card. */
export interface CardTaskInput {
  files: TenderFileInput[];
  options: ExtractOptions;
}

/** One fed piece of an export: [node id, the section's editor JSON as text] pairs (parsed here, not on the server). */
export type ExportFeedChunk = Array<[string, string]>;

type Task = (input: any, fed: unknown[], progress: (p: unknown) => void) => Promise<{ value: unknown }>;

export const TASKS: Record<WorkerTaskName, Task> = {
  /** readDocument as it is: the whole ReadResult goes back (pages, chapters, meta and the document model when present). */
  async read(input: ReadTaskInput, _fed, progress) {
    const { readDocument } = await import('@btz/bid-engine/reading'); // a worker loads only what its task needs
    const buf = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    const value = await readDocument(buf, { ...input.options, onProgress: progress });
    return { value };
  },

  /**
   * Every picture of a DOCX/PDF (issue 14), each analysed; pictures that do not decode are counted in `skipped`. Progress
   * is `{ done, total }` pages (PDF) or references (DOCX).
   */
  async pictures(input: PicturesTaskInput, _fed, progress) {
    const { extractImages, analyseImage, PictureError } = await import('@btz/bid-engine/pictures');
    const buf = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    const found = await extractImages(buf, input.type, { maxPixels: input.maxPixels, onProgress: (done, total) => progress({ done, total }) });
    const pictures: FoundPicture[] = [];
    let skipped = found.skipped;
    for (const img of found.images) {
      try {
        const a = await analyseImage(img.data);
        pictures.push({ page: img.page, name: img.name, mime: a.mime, width: a.width, height: a.height, size: a.size, sha256: a.sha256, dhash: a.dhash, data: img.data, thumbnail: a.thumbnail });
      } catch (e) {
        if (!(e instanceof PictureError)) throw e;
        skipped++;
      }
    }
    return { value: { pictures, skipped, overBudget: found.overBudget, pages: found.pages } };
  },

  /**
   * One picture analysed (issue 22: uploads and images pasted into a section, in the resident picture workers): size,
   * hashes and thumbnail, or the Chinese refusal of a picture that is not one, lies about its size or does not decode.
   */
  async picture(input: { data: Uint8Array }) {
    const { analyseImage, PictureError } = await import('@btz/bid-engine/pictures');
    try {
      const value: PictureTaskResult = { ok: await analyseImage(Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength)) };
      return { value };
    } catch (e) {
      if (e instanceof PictureError) return { value: { refused: e.message } satisfies PictureTaskResult };
      throw e;
    }
  },

  /** The text of a data-bank document (OCR for a picture or a scanned PDF) and the fields proposed from it (issue 14). */
  async databank(input: { data: Uint8Array; maxOcrPixels?: number }) {
    const { readDataText, proposeFields, proposalNotes } = await import('@btz/bid-engine/databank');
    const buf = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    const { kind, text, notice } = await readDataText(buf, { maxOcrPixels: input.maxOcrPixels });
    const proposal = proposeFields(text);
    // a field read only in part is said, not left blank without a word
    const notes = [notice, ...proposalNotes(text, proposal)].filter((n): n is string => !!n);
    return { value: { kind, chars: text.trim().length, proposal, notice: notes.length ? notes.join(' ') : null } };
  },

  /**
   * A bid file for the checks (issue 15): readDocument as it is (no OCR: a scan is refused in Chinese), then, for the 暗标
   * check of a DOCX or PDF, its format (fonts, colours, headers, page setup) from the package XML or pdfjs.
   */
  async bidcheck(input: BidCheckTaskInput, _fed, progress) {
    const { readDocument } = await import('@btz/bid-engine/reading');
    const { checkAnonymity, checkRejection, scanDocxFormat, scanPdfFormat } = await import('@btz/bid-engine/bidcheck');
    const buf = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    const read = await readDocument(buf, { ocr: false, onProgress: progress });
    const meta = { chars: read.meta.chars, pageCount: read.meta.pageCount, ...(read.meta.pagesEstimated ? { pagesEstimated: true } : {}) };
    // a file without text is refused by the job (BID_CHECK_TEXTS.noText): nothing to judge
    if (read.meta.chars < 20) return { value: { meta, judged: null } satisfies BidCheckTaskResult };
    const pages = read.pages.map((p) => ({ page: p.page, text: p.text }));
    if (input.judge.kind === 'reject') {
      const r = checkRejection({ ...input.judge.input, document: { model: read.model, pages } });
      return { value: { meta, judged: { kind: 'reject', ...r } } satisfies BidCheckTaskResult };
    }
    let format = null;
    if (input.format && input.type !== 'doc') format = input.type === 'docx' ? scanDocxFormat(buf) : await scanPdfFormat(buf);
    const furniture = (read.model?.furniture ?? [])
      .filter((f) => f.kind === 'header' || f.kind === 'footer')
      .map((f) => ({ kind: f.kind as 'header' | 'footer', page: f.page, text: (f as { text?: string }).text ?? '' }));
    const findings = checkAnonymity({ ...input.judge.input, units: pages, format, furniture, pageCount: read.meta.pageCount });
    return { value: { meta, judged: { kind: 'anonymity', findings } } satisfies BidCheckTaskResult };
  },

  /**
   * A bid-file tool run (issue 15: metadata clearing, conversions through LibreOffice / pdftoppm / pdf-lib); progress
   * `{ done, total }`. The engine's Chinese refusals (FileToolError) come back as DocumentErrors, so the job fails at once
   * with the message as it is.
   */
  async filetools(input: FileToolInput, _fed, progress) {
    const { runFileTool } = await import('@btz/bid-engine/filetools');
    try {
      const value = await runFileTool(input, (done, total) => progress({ done, total }));
      return { value };
    } catch (e) {
      if (e instanceof Error && e.name === 'FileToolError') {
        const { DocumentError } = await import('@btz/bid-engine/reading');
        throw new DocumentError('UNSUPPORTED', e.message);
      }
      throw e;
    }
  },

  /**
   * The duplicate check's features of one file (issue 15): read into the document model (no OCR), its metadata, its
   * pictures with their hashes and crop windows. Progress is `{ done, total }` of the three steps.
   */
  async 'dupcheck-read'(input: DupReadTaskInput, _fed, progress) {
    const { readDocument } = await import('@btz/bid-engine/reading');
    const { buildFeatures, readFileMetadata } = await import('@btz/bid-engine/dupcheck');
    const buf = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    const read = await readDocument(buf, { ocr: false });
    progress({ done: 1, total: 3 });
    const meta = readFileMetadata(buf, read.type);
    const images: DupImage[] = [];
    if (read.type === 'docx' || read.type === 'pdf') {
      const { extractImages, analyseImage, gradientHashes, PictureError } = await import('@btz/bid-engine/pictures');
      const found = await extractImages(buf, read.type);
      progress({ done: 2, total: 3 });
      for (const img of found.images.slice(0, 300)) {
        try {
          const a = await analyseImage(img.data);
          if (a.width < 48 || a.height < 48) continue;
          images.push({ page: img.page, name: img.name, width: a.width, height: a.height, sha256: a.sha256, dhash: a.dhash, ...(await gradientHashes(img.data)) });
        } catch (e) {
          if (!(e instanceof PictureError)) throw e;
        }
      }
    }
    progress({ done: 3, total: 3 });
    return { value: buildFeatures(input.name, input.role, read, meta, images) };
  },

  /**
   * A past bid for the 知识库: read (no OCR), split into passages, each with its words segmented (CPU work and garbage
   * that stalled the server's thread for seconds on a large file). Progress is `{ done, total }` passages.
   */
  async 'repository-read'(input: RepositoryReadTaskInput, _fed, progress) {
    const { readDocument } = await import('@btz/bid-engine/reading');
    const { splitPassages, tsvectorLiteral, pagesModel } = await import('@btz/bid-engine/repository');
    const buf = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    const read = await readDocument(buf, { ocr: false });
    const split = splitPassages(read.model ?? pagesModel(read.pages));
    const passages: RepositoryPassage[] = [];
    for (const p of split) {
      // a passage is searched by its first indexChars characters (one passage of a paragraph-less file can be the whole file)
      passages.push({ path: p.path, page: p.page, text: p.text, tsv: tsvectorLiteral(p.path.join(' '), p.text.slice(0, input.indexChars)), head: tsvectorLiteral(p.path.join(' '), '') });
      if (passages.length % 200 === 0) progress({ done: passages.length, total: split.length });
    }
    return { value: { pageCount: read.meta.pageCount, passages } };
  },

  /** A tender's card by the rules (extractCard): seconds of CPU on a long tender, so never on the server's thread. */
  async card(input: CardTaskInput) {
    const { extractCard } = await import('@btz/bid-engine/tender');
    return { value: extractCard(input.files, input.options) };
  },

  /** Every pair of the files compared (issue 15); progress `{ done, total }` pairs. */
  async 'dupcheck-compare'(input: { files: FileFeatures[] }, _fed, progress) {
    const { compareBids } = await import('@btz/bid-engine/dupcheck');
    return { value: compareBids(input.files, { onProgress: (done, total) => progress({ done, total }) }) };
  },

  /** The bid's Word file (and its PDF); progress is each step finished: `{ step: 'pictures' | 'docx' | 'pdf' }`. */
  async export(input: ExportTaskInput, fed, progress) {
    const { docxToPdf, exportBidDocx } = await import('@btz/bid-engine/export');
    const sections: Record<string, EditorDoc> = {};
    for (const chunk of fed as ExportFeedChunk[]) for (const [id, json] of chunk) sections[id] = JSON.parse(json) as EditorDoc;
    const images: Record<string, string> = {};
    if (input.library && Object.keys(input.library).length) {
      const { toWordImage } = await import('@btz/bid-engine/pictures');
      for (const [src, bytes] of Object.entries(input.library)) {
        // a picture that no longer decodes is left out: the export shows 【图片无法导出】 in its place
        const img = await toWordImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).catch(() => null);
        if (img) images[src] = `data:${img.mime};base64,${img.data.toString('base64')}`;
      }
    }
    progress({ step: 'pictures' });
    let out: Uint8Array = await exportBidDocx({ ...input.bid, sections, images });
    progress({ step: 'docx' });
    if (input.format === 'pdf') {
      out = await docxToPdf(Buffer.from(out.buffer, out.byteOffset, out.byteLength), { timeoutMs: input.pdfTimeoutMs });
      progress({ step: 'pdf' });
    }
    return { value: out };
  },
};
