/**
 * Metadata of a PDF (issue 15): the trailer's Info dictionary (Author, Creator, Producer, dates…), the XMP metadata
 * streams (the catalog's and any other `/Type /Metadata` stream) and the document ID pair. `clearPdfMetadata` rewrites the
 * file with pdf-lib without them — the objects are deleted, not just unlinked, so nothing of them is written again.
 * The caller has run the inflation guard (assertSafePdf) first; an encrypted PDF is refused in Chinese.
 */
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { DocumentError } from '../reading/index.js';

export interface PdfMetadata {
  /** the Info dictionary's entries (strings as pdf-lib decodes them) */
  info: Record<string, string>;
  /** XMP streams in the file */
  xmp: number;
  /** the trailer's /ID, hex */
  id: string | null;
}

async function load(buf: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(buf, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (/encrypt/i.test(msg)) throw new DocumentError('ENCRYPTED', 'PDF 文件已加密，请去除密码后重新上传', { cause: e });
    throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF）', { cause: e });
  }
}

function decodeValue(v: unknown): string {
  if (!v) return '';
  const o = v as { decodeText?: () => string; asString?: () => string; toString(): string };
  try {
    if (typeof o.decodeText === 'function') return o.decodeText();
  } catch {
    /* fall through */
  }
  return o.toString();
}

function infoDict(doc: PDFDocument): PDFDict | undefined {
  const ref = doc.context.trailerInfo.Info;
  const info = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
  return info instanceof PDFDict ? info : undefined;
}

const isXmp = (o: unknown): boolean => (o instanceof PDFRawStream || o instanceof PDFStream) && (o as PDFStream).dict.get(PDFName.of('Type')) === PDFName.of('Metadata');

export async function readPdfMetadata(buf: Buffer): Promise<PdfMetadata> {
  const doc = await load(buf);
  const info: Record<string, string> = {};
  const dict = infoDict(doc);
  if (dict) for (const [k, v] of dict.entries()) info[k.decodeText()] = decodeValue(v);
  let xmp = 0;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) if (isXmp(obj)) xmp++;
  const id = doc.context.trailerInfo.ID;
  return { info, xmp, id: id ? id.toString() : null };
}

/** The PDF without Info, XMP and ID; `removed` counts the Info entries and XMP streams that went. */
export async function clearPdfMetadata(buf: Buffer): Promise<{ data: Buffer; report: { infoEntries: number; xmp: number } }> {
  const doc = await load(buf);
  if (doc.isEncrypted) throw new DocumentError('ENCRYPTED', 'PDF 文件已加密，请去除密码后重新上传');
  const ctx = doc.context;
  let infoEntries = 0;
  const infoRef = ctx.trailerInfo.Info;
  const dict = infoDict(doc);
  if (dict) infoEntries = dict.entries().length;
  if (infoRef instanceof PDFRef) ctx.delete(infoRef);
  ctx.trailerInfo.Info = undefined;
  ctx.trailerInfo.ID = undefined;
  let xmp = 0;
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (isXmp(obj)) {
      ctx.delete(ref);
      xmp++;
    }
  }
  // whatever pointed at a deleted XMP stream (the catalog, pages, images) no longer does
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const d = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : null;
    const m = d?.get(PDFName.of('Metadata'));
    if (d && m instanceof PDFRef && !ctx.lookup(m)) d.delete(PDFName.of('Metadata'));
  }
  doc.catalog.delete(PDFName.of('Metadata'));
  doc.catalog.delete(PDFName.of('PieceInfo'));
  const out = await doc.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false });
  return { data: Buffer.from(out.buffer, out.byteOffset, out.byteLength), report: { infoEntries, xmp } };
}
