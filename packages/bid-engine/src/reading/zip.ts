import zlib from 'node:zlib';
import { DocumentError } from './errors.js';

/**
 * A minimal ZIP central-directory reader (PKWARE APPNOTE 4.3.12/4.3.16, with ZIP64) used to sniff DOCX and to refuse
 * archive bombs BEFORE anything is inflated. Entry data is only ever inflated with a hard output cap.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  flags: number;
}

export interface ZipLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may inflate to, as declared by the central directory. */
  maxTotalUncompressed: number;
  /** Highest uncompressed/compressed ratio of one entry larger than `ratioMinSize`. */
  maxEntryRatio: number;
  /** Highest ratio of the whole archive (declared total / file size) once the total exceeds `ratioMinSize`. */
  maxTotalRatio: number;
  ratioMinSize: number;
}

const MB = 1024 * 1024;

/**
 * The fixed part of the limits; the inflation budget itself comes from the file's own size (docxLimits). Kept for the
 * entry count, which listZipEntries checks before any size is known.
 */
export const DOCX_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalUncompressed: 256 * MB,
  maxEntryRatio: 40,
  maxTotalRatio: 100,
  ratioMinSize: 4 * MB,
};

/** Inflation budget of a DOCX: 30 bytes per byte of the file, never less than 32 MB nor more than 256 MB. */
export const DOCX_BUDGET = { perByte: 30, floor: 32 * MB, ceiling: 256 * MB } as const;

/**
 * The limits for a DOCX of `fileSize` bytes. Real documents inflate 2–10× in total and 8–18× per XML part (the corpus:
 * document.xml 8–15:1, the whole file 1.7–10:1), so the document's own size decides how much it may inflate to: a
 * 10 MB file at most 256 MB, a 500 KB file 32 MB. A part above 4 MB may not inflate more than 40:1 (issue 10: a 10 MB
 * DOCX whose document.xml inflated 51:1 to 508 MB passed the old fixed 512 MB / 100:1 limits and exhausted the heap).
 */
export function docxLimits(fileSize: number): ZipLimits {
  const budget = Math.min(DOCX_BUDGET.ceiling, Math.max(DOCX_BUDGET.floor, DOCX_BUDGET.perByte * Math.max(0, fileSize)));
  return { ...DOCX_LIMITS, maxTotalUncompressed: budget };
}

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_CDH = 0x02014b50;
const SIG_LFH = 0x04034b50;

export function looksLikeZip(buf: Uint8Array): boolean {
  return buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && (buf[2] === 3 || buf[2] === 5 || buf[2] === 7);
}

function corrupt(detail: string): DocumentError {
  return new DocumentError('CORRUPT', `文件已损坏或格式不正确，无法读取（ZIP：${detail}）`);
}

function u64(b: Buffer, at: number): number {
  const v = b.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt('大小字段越界');
  return Number(v);
}

/**
 * Reads the central directory. Throws CORRUPT when the archive's directory cannot be found or is inconsistent. `at`: the
 * input is the file's end from this offset on (the tail an upload's staging kept), not the whole file; offsets in the
 * archive stay the file's.
 */
export function listZipEntries(input: Uint8Array, limits: ZipLimits = DOCX_LIMITS, at = 0): ZipEntry[] {
  const buf = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const minEocd = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= minEocd; i--) {
    if (buf.readUInt32LE(i) === SIG_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt('找不到中央目录');

  let count = buf.readUInt16LE(eocd + 10);
  let cdSize = buf.readUInt32LE(eocd + 12);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== SIG_EOCD64_LOCATOR) throw corrupt('ZIP64 目录缺失');
    const rec = u64(buf, loc + 8) - at;
    if (rec < 0) throw corrupt('ZIP64 目录超出可检查的范围');
    if (rec + 56 > buf.length || buf.readUInt32LE(rec) !== SIG_EOCD64) throw corrupt('ZIP64 目录损坏');
    count = u64(buf, rec + 32);
    cdSize = u64(buf, rec + 40);
    cdOffset = u64(buf, rec + 48);
  }
  if (count > limits.maxEntries) {
    throw new DocumentError('ZIP_BOMB', `DOCX 文件异常：包含 ${count} 个压缩条目，超过上限 ${limits.maxEntries}，已拒绝处理`);
  }
  if (cdOffset < at) throw corrupt('中央目录超出可检查的范围');
  if (cdOffset - at + cdSize > buf.length) throw corrupt('中央目录越界');

  const entries: ZipEntry[] = [];
  let p = cdOffset - at;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG_CDH) throw corrupt('目录项损坏');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let localHeaderOffset = buf.readUInt32LE(p + 42);
    const nameEnd = p + 46 + nameLen;
    if (nameEnd + extraLen + commentLen > buf.length) throw corrupt('目录项越界');
    const name = buf.toString('utf8', p + 46, nameEnd);
    // ZIP64 extended information: only the fields that are saturated in the header are present, in this order.
    let e = nameEnd;
    const extraEnd = nameEnd + extraLen;
    while (e + 4 <= extraEnd) {
      const id = buf.readUInt16LE(e);
      const size = buf.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
          uncompressedSize = u64(buf, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
          compressedSize = u64(buf, q);
          q += 8;
        }
        if (localHeaderOffset === 0xffffffff && q + 8 <= e + 4 + size) localHeaderOffset = u64(buf, q);
      }
      e += 4 + size;
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset, flags });
    p = extraEnd + commentLen;
  }
  return entries;
}

/**
 * Refuses archive bombs by the sizes the central directory declares: total uncompressed size, per-entry and whole
 * archive compression ratio. `readZipEntry` then holds every entry to its declared size, so a lying directory fails too.
 */
export function assertSafeZip(entries: ZipEntry[], fileSize: number, limits: ZipLimits = docxLimits(fileSize)): void {
  if (entries.length > limits.maxEntries) {
    throw new DocumentError('ZIP_BOMB', `DOCX 文件异常：包含 ${entries.length} 个压缩条目，超过上限 ${limits.maxEntries}，已拒绝处理`);
  }
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    if (total > limits.maxTotalUncompressed) {
      throw new DocumentError(
        'ZIP_BOMB',
        `DOCX 文件异常：解压后超过 ${Math.round(limits.maxTotalUncompressed / MB)} MB（按文件大小允许的上限），疑似压缩炸弹，已拒绝处理`,
      );
    }
    if (
      e.uncompressedSize > limits.ratioMinSize &&
      e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxEntryRatio
    ) {
      throw new DocumentError(
        'ZIP_BOMB',
        `DOCX 文件异常：条目「${e.name.slice(0, 80)}」压缩比过高（${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))}:1），疑似压缩炸弹，已拒绝处理`,
      );
    }
  }
  if (total > limits.ratioMinSize && total / Math.max(1, fileSize) > limits.maxTotalRatio) {
    throw new DocumentError('ZIP_BOMB', `DOCX 文件异常：整体压缩比过高（${Math.round(total / fileSize)}:1），疑似压缩炸弹，已拒绝处理`);
  }
}

/**
 * Inflates one entry, never producing more than its declared size (+1 byte to detect a lie). Throws ZIP_BOMB when the
 * data inflates past what the directory declared, CORRUPT on bad data.
 */
export function readZipEntry(input: Uint8Array, entry: ZipEntry): Buffer {
  const buf = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const h = entry.localHeaderOffset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== SIG_LFH) throw corrupt('本地文件头损坏');
  if (entry.flags & 1) throw new DocumentError('ENCRYPTED', '文件已加密，请去除密码后重新上传');
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw corrupt('条目数据越界');
  const raw = buf.subarray(start, end);
  if (entry.method === 0) {
    if (raw.length !== entry.uncompressedSize) throw corrupt('条目大小不符');
    return raw;
  }
  if (entry.method !== 8) throw corrupt(`不支持的压缩方式 ${entry.method}`);
  let out: Buffer;
  try {
    out = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize + 1) });
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new DocumentError('ZIP_BOMB', 'DOCX 文件异常：压缩数据解压后大于声明大小，疑似压缩炸弹，已拒绝处理');
    }
    throw corrupt('压缩数据损坏');
  }
  if (out.length > entry.uncompressedSize) {
    throw new DocumentError('ZIP_BOMB', 'DOCX 文件异常：压缩数据解压后大于声明大小，疑似压缩炸弹，已拒绝处理');
  }
  if (out.length !== entry.uncompressedSize) throw corrupt('条目大小不符');
  return out;
}

/**
 * Every check a DOCX gets before a parser sees it: the directory's declared sizes against the file's budget, then every
 * entry inflated once with its declared size as a hard cap and thrown away (a directory that lies fails here, before
 * any parser). One entry in memory at a time. The house's one ZIP reader: jszip only writes archives.
 */
export function assertSafeDocx(buf: Buffer): void {
  const entries = listZipEntries(buf);
  assertSafeZip(entries, buf.length);
  for (const e of entries) {
    if (e.name.endsWith('/') && e.uncompressedSize === 0) continue; // a folder
    readZipEntry(buf, e);
  }
}
