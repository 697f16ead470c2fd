import { DocumentError } from './errors.js';
import { assertSafeZip, listZipEntries, looksLikeZip } from './zip.js';

/** The largest file accepted (PRODUCT.md §5 step 1). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export type DocumentType = 'pdf' | 'docx' | 'doc' | 'txt';

/** Throws EMPTY / TOO_LARGE by size alone, so a caller can refuse an upload before buffering it. */
export function checkFileSize(size: number, max: number = MAX_FILE_BYTES): void {
  if (!Number.isFinite(size) || size <= 0) throw new DocumentError('EMPTY');
  if (size > max) throw new DocumentError('TOO_LARGE');
}

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * Decides a file's type by its content, never by its name. PDF: `%PDF-` in the first KiB; DOCX: a ZIP holding
 * word/document.xml; DOC: an OLE2 compound file with a WordDocument stream; TXT: text that decodes as UTF-8, UTF-16
 * (with BOM) or GB18030 without binary control bytes. Anything else is UNSUPPORTED.
 */
export function sniffType(buf: Uint8Array): DocumentType {
  checkFileSize(buf.length);
  const b = Buffer.isBuffer(buf) ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const head = b.subarray(0, 1024);
  if (head.indexOf('%PDF-') >= 0) return 'pdf';
  if (looksLikeZip(b)) {
    let names: string[];
    try {
      names = listZipEntries(b).map((e) => e.name);
    } catch (e) {
      if (e instanceof DocumentError && e.code === 'ZIP_BOMB') throw e;
      throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（不是有效的 DOCX 文件）', { cause: e });
    }
    if (names.includes('word/document.xml')) return 'docx';
    // Some writers name the main part differently; [Content_Types].xml then says so.
    if (names.some((n) => /^word\/[^/]+\.xml$/i.test(n)) && names.includes('[Content_Types].xml')) return 'docx';
    throw new DocumentError('UNSUPPORTED');
  }
  if (b.length >= 8 && b.subarray(0, 8).equals(OLE2_MAGIC)) {
    if (b.indexOf(WORD_STREAM) >= 0) return 'doc';
    throw new DocumentError('UNSUPPORTED');
  }
  if (decodeText(b) !== null) return 'txt';
  throw new DocumentError('UNSUPPORTED');
}

/**
 * `sniffType` for a file seen through its ends only (an upload staged while it streamed in, too large to hold): the
 * first and last bytes and the size. The same answers for PDF (`%PDF-` in the first KiB) and DOCX (the ZIP directory,
 * kept at the end); a DOC is known by its OLE2 signature and a WordDocument stream name in either end (a DOC whose
 * directory lies in the middle is refused by the reader later, with its own message); TXT by its beginning decoding as
 * text. Returns the ZIP entries of a DOCX, for `assertSafeZip`.
 */
export function sniffTypeWindow(w: { head: Buffer; tail: Buffer; size: number }): { type: DocumentType; entries?: ReturnType<typeof listZipEntries> } {
  checkFileSize(w.size);
  if (w.head.length >= w.size) {
    const type = sniffType(w.head);
    return type === 'docx' ? { type, entries: listZipEntries(w.head) } : { type };
  }
  if (w.head.subarray(0, 1024).indexOf('%PDF-') >= 0) return { type: 'pdf' };
  if (looksLikeZip(w.head)) {
    let entries: ReturnType<typeof listZipEntries>;
    try {
      entries = listZipEntries(w.tail, undefined, w.size - w.tail.length);
    } catch (e) {
      if (e instanceof DocumentError && e.code === 'ZIP_BOMB') throw e;
      throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（不是有效的 DOCX 文件）', { cause: e });
    }
    const names = entries.map((e) => e.name);
    if (names.includes('word/document.xml')) return { type: 'docx', entries };
    if (names.some((n) => /^word\/[^/]+\.xml$/i.test(n)) && names.includes('[Content_Types].xml')) return { type: 'docx', entries };
    throw new DocumentError('UNSUPPORTED');
  }
  if (w.head.length >= 8 && w.head.subarray(0, 8).equals(OLE2_MAGIC)) {
    if (w.head.indexOf(WORD_STREAM) >= 0 || w.tail.indexOf(WORD_STREAM) >= 0) return { type: 'doc' };
    throw new DocumentError('UNSUPPORTED');
  }
  // the beginning, cut at a character boundary (up to 3 bytes of a split UTF-8 / GB18030 character dropped)
  for (let cut = 0; cut < 4; cut++) if (decodeText(w.head.subarray(0, w.head.length - cut)) !== null) return { type: 'txt' };
  throw new DocumentError('UNSUPPORTED');
}

/**
 * The type of an upload seen whole or through its ends (`sniffTypeWindow`), a DOCX's directory also checked against
 * archive bombs (`assertSafeZip`) — refused now, not after it was stored. Throws the reader's DocumentError.
 */
export function sniffUpload(w: { head: Buffer; tail: Buffer; size: number }): DocumentType {
  const { type, entries } = sniffTypeWindow(w);
  if (entries) assertSafeZip(entries, w.size);
  return type;
}

/** Bytes that never occur in text: C0 controls other than TAB, LF, VT, FF, CR, and ESC is tolerated; plus DEL runs. */
function hasBinaryControls(s: string): boolean {
  let bad = 0;
  const n = Math.min(s.length, 1 << 20);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return true;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13 && c !== 27) bad++;
    if (c === 0xfffd) bad++;
  }
  return bad > Math.max(2, n / 1000);
}

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';
}

/** Decodes text as UTF-8 (BOM optional), UTF-16 with BOM, or GB18030 (a superset of GBK/GB2312); null if it is not text. */
export function decodeText(b: Uint8Array): DecodedText | null {
  const tryDecode = (enc: DecodedText['encoding'], bytes: Uint8Array): DecodedText | null => {
    try {
      const text = new TextDecoder(enc, { fatal: true }).decode(bytes);
      return hasBinaryControls(text) ? null : { text, encoding: enc };
    } catch {
      return null;
    }
  };
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return tryDecode('utf-8', b.subarray(3));
  if (b[0] === 0xff && b[1] === 0xfe) return tryDecode('utf-16le', b.subarray(2));
  if (b[0] === 0xfe && b[1] === 0xff) return tryDecode('utf-16be', b.subarray(2));
  // RTF and HTML are text but not plain text: read as TXT they would show markup, so they are refused.
  const start = Buffer.from(b.subarray(0, 64)).toString('latin1').trimStart().toLowerCase();
  if (start.startsWith('{\\rtf')) return null;
  return tryDecode('utf-8', b) ?? tryDecode('gb18030', b);
}
