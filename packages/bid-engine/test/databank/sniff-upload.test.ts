/**
 * The data bank's type check of an upload too large to hold (issue 29: 资料库 uploads are staged while they stream in,
 * seen through their two ends): the same answers as the whole-file check, a PNG/JPEG by its head, a bomb by its directory.
 */
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../src/reading/errors.js';
import { DATA_FILE_TYPE_MESSAGE, sniffDataFile, sniffDataUpload } from '../../src/databank/read.js';
import { deflateEntry, makeZip } from '../fixtures/bytes.js';

const ends = (b: Buffer, n: number) => ({ head: b.subarray(0, n), tail: b.subarray(Math.max(0, b.length - n)), size: b.length });
const whole = (b: Buffer) => ({ head: b, tail: b, size: b.length });
const pad = (n: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i += 4) b.writeUInt32LE((i * 2654435761) >>> 0, i);
  return b;
};
function errorOf(fn: () => unknown): DocumentError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DocumentError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('sniffDataUpload', () => {
  const docx = makeZip([deflateEntry('[Content_Types].xml', Buffer.from('<Types/>')), deflateEntry('word/media/big.bin', pad(200_000)), deflateEntry('word/document.xml', Buffer.from('<w:document/>'))]);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), pad(200_000)]);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pad(200_000)]);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), pad(200_000)]);

  it('through the two ends gives what the whole-file check gives: DOCX, PDF, PNG, JPEG', () => {
    for (const [b, kind] of [[docx, 'docx'], [pdf, 'pdf'], [png, 'png'], [jpeg, 'jpeg']] as const) {
      expect(sniffDataUpload(ends(b, 4096))).toBe(kind);
      expect(sniffDataUpload(whole(b))).toBe(sniffDataFile(b));
    }
  });

  it('refuses other files with the data bank message, seen whole or through the ends', () => {
    const zip = makeZip([deflateEntry('a.bin', pad(200_000)), deflateEntry('b.txt', Buffer.from('x'))]);
    for (const b of [zip, Buffer.from('只是一段文字'.repeat(20_000))]) {
      expect(errorOf(() => sniffDataUpload(ends(b, 4096))).message).toBe(DATA_FILE_TYPE_MESSAGE);
      expect(errorOf(() => sniffDataUpload(whole(b))).message).toBe(DATA_FILE_TYPE_MESSAGE);
    }
  });
});
