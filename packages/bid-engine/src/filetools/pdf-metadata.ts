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

/**
 * Loaded as it is: an encrypted PDF too (tenders are often encrypted with an owner password only — anyone opens them, the
 * permissions are restricted); pdf-lib does not decrypt, it keeps each object's bytes and number, so strings and streams
 * stay decryptable as long as the Encrypt dictionary and the ID stay.
 */
async function load(buf: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(buf, { updateMetadata: false, throwOnInvalidObject: false, ignoreEncryption: true });
  } catch (e) {
    throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF）', { cause: e });
  }
}

export const PDF_CLEAR_MESSAGES = {
  encryptedObjectStreams: '该 PDF 设置了权限密码且采用压缩对象结构，无法安全清除元数据，请先解除 PDF 的权限限制后再试',
  broken: 'PDF 清除元数据后无法正常打开，已停止处理，原文件未改动',
} as const;

/** The PDF opens in pdfjs with `pages` pages (what a reader sees), else false. */
async function opensWith(data: Uint8Array, pages: number): Promise<boolean> {
  const { pdfjs, openPdf } = await import('../reading/pdf-pages.js');
  const task = openPdf(await pdfjs(), new Uint8Array(data));
  try {
    const doc = await task.promise;
    if (doc.numPages !== pages) return false;
    await doc.getPage(1);
    return true;
  } catch {
    return false;
  } finally {
    void task.destroy();
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
  const encrypted = doc.isEncrypted;
  // objects taken out of an encrypted object stream would be written unencrypted and read back as garbage
  if (encrypted && /\/Type\s*\/ObjStm\b/.test(buf.toString('latin1'))) throw new DocumentError('ENCRYPTED', PDF_CLEAR_MESSAGES.encryptedObjectStreams);
  const pages = doc.getPageCount();
  const ctx = doc.context;
  let infoEntries = 0;
  const infoRef = ctx.trailerInfo.Info;
  const dict = infoDict(doc);
  if (dict) infoEntries = dict.entries().length;
  if (infoRef instanceof PDFRef) ctx.delete(infoRef);
  ctx.trailerInfo.Info = undefined;
  // an encrypted file's key is derived from its ID: it stays (it is random per file, not a person's name)
  if (!encrypted) ctx.trailerInfo.ID = undefined;
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
  if (!(await opensWith(out, pages))) throw new DocumentError('CORRUPT', PDF_CLEAR_MESSAGES.broken);
  return { data: Buffer.from(out.buffer, out.byteOffset, out.byteLength), report: { infoEntries, xmp } };
}
