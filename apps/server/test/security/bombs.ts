/**
 * Hostile files of issue 10, generated (never stored in the repo). Big inflated streams are made by deflating one block
 * of whole paragraphs (or PDF operators) once and repeating its compressed bytes: each copy is flushed to a byte
 * boundary and refers to nothing before it, so the concatenation is one valid deflate stream of the repeated text at
 * the block's own ratio — 500 MB of XML without deflating 500 MB. No vitest here: the hostile bench uses them too.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { deflateEntry, makeZip } from '../../../../packages/bid-engine/test/fixtures/bytes.js';

const MB = 1024 * 1024;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** Running CRC-32 (zlib.crc32 is Node ≥ 22.2): start with 0, feed pieces in order. */
function crc32(crc: number, buf: Buffer): number {
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Adler-32 of `buf` from a running value (start with 1). */
function adler32(adler: number, buf: Buffer): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  for (let i = 0; i < buf.length; ) {
    const end = Math.min(buf.length, i + 3800);
    for (; i < end; i++) {
      a += buf[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Adler-32 of A then B from adler(A), adler(B) and B's length (zlib's adler32_combine). */
function adler32Combine(adler1: number, adler2: number, len2: number): number {
  const BASE = 65521;
  const rem = len2 % BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adler2 & 0xffff) + BASE - 1;
  sum2 += (adler1 >>> 16) + (adler2 >>> 16) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/** Raw deflate of head + block × times + tail, with the CRC-32 and size of the inflated text. */
function repeatedDeflate(head: Buffer, block: Buffer, times: number, tail: Buffer, withCrc = true): { data: Buffer; crc: number; size: number } {
  const sync = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const h = zlib.deflateRawSync(head, sync);
  const b = zlib.deflateRawSync(block, sync);
  const t = zlib.deflateRawSync(tail); // the final block
  let crc = 0;
  if (withCrc) {
    crc = crc32(crc, head);
    for (let i = 0; i < times; i++) crc = crc32(crc, block);
    crc = crc32(crc, tail);
  }
  const parts = [h, ...Array.from({ length: times }, () => b), t];
  return { data: Buffer.concat(parts), crc, size: head.length + block.length * times + tail.length };
}

/** A part of the package, deflated, with its true size. */
const stored = (name: string, text: string) => deflateEntry(name, Buffer.from(text, 'utf8'));

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * About 1 MB of paragraphs: a fixed Chinese clause of `clauseChars` characters and `digits` random decimal digits each.
 * The random digits decide the ratio: zlib stores them as literals while the rest is one match.
 */
function paragraphBlock(clauseChars: number, digits: number): Buffer {
  const clause = '投标人应当按照招标文件的要求编制投标文件并对其真实性负责'.repeat(8).slice(0, clauseChars);
  const parts: string[] = [];
  let n = 0;
  while (n < MB) {
    const num = Array.from(randomBytes(digits), (b) => String(b % 10)).join('');
    const p = `<w:p><w:r><w:t>${clause}第${num}条</w:t></w:r></w:p>`;
    parts.push(p);
    n += Buffer.byteLength(p);
  }
  return Buffer.from(parts.join(''), 'utf8');
}

/** A DOCX whose word/document.xml is `inflatedMb` MB of such paragraphs, honestly declared in its directory. */
export function bombDocx(inflatedMb: number, clauseChars: number, digits: number): Buffer {
  const block = paragraphBlock(clauseChars, digits);
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>`);
  const tail = Buffer.from('<w:sectPr/></w:body></w:document>');
  const doc = repeatedDeflate(head, block, Math.round((inflatedMb * MB) / block.length), tail);
  return makeZip([
    stored(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    stored(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    { name: 'word/document.xml', data: doc.data, crc: doc.crc, uncompressedSize: doc.size },
  ]);
}

/** The report's DOCX (issue 10 finding 1): ~10 MB whose document.xml inflates ~51:1 to ~508 MB. */
export const reportDocxBomb = () => bombDocx(508, 60, 5);

/**
 * A DOCX inside the inflation budget (~3 MB inflating ~25:1 to 64 MB: under 30× its size and 40:1 per part) whose 1.5
 * million paragraphs still need gigabytes of heap to parse: what only a memory cap stops.
 */
export const heavyDocx = () => bombDocx(64, 4, 2);

/**
 * The report's PDF (issue 10 finding 2): one page whose FlateDecode content stream inflates to `inflatedMb` MB of text
 * operators (~300:1, so the file is under 1 MB).
 */
export function bombPdf(inflatedMb = 300): Buffer {
  const block = Buffer.from('BT /F1 12 Tf 72 720 Td (x) Tj ET\n'.repeat(Math.floor(MB / 34)));
  const times = Math.round((inflatedMb * MB) / block.length);
  const raw = repeatedDeflate(Buffer.alloc(0), block, times, Buffer.alloc(0), false);
  const blockAdler = adler32(1, block);
  let adler = 1;
  for (let i = 0; i < times; i++) adler = adler32Combine(adler, blockAdler, block.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  const content = Buffer.concat([Buffer.from([0x78, 0x9c]), raw.data, trailer]);

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const out: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let pos = out[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pos);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    out.push(obj);
    pos += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  out.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${pos}\n%%EOF\n`));
  return Buffer.concat(out);
}
