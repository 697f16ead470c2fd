/**
 * Hostile files of issue 22 for the converters, generated (never stored): a DOCX whose pictures and fields pull from
 * outside it (an `http://` image link, a `file://` image link, INCLUDEPICTURE and INCLUDETEXT fields), a DOCX of twenty
 * image links to a host that never answers, a PDF of 200-inch pages (the report's 442-byte file), slow in its 300-page version, and a tiny
 * listener that counts requests. No vitest here: the hostile bench uses them too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** A linked (not embedded) picture: `a:blip r:link`, as Word writes 「插入和链接」 pictures. */
function linkedPicture(relId: string, n: number): string {
  const emu = 2_000_000;
  return `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${emu}" cy="${emu}"/><wp:docPr id="${n}" name="图片 ${n}"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${n}" name="linked${n}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:link="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu}" cy="${emu}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

export interface LinkingDocxOptions {
  /** URLs (http://…, file://…) of linked pictures */
  images: string[];
  /** an INCLUDEPICTURE field's URL (its cached result text: 「缓存图片说明」) */
  includePicture?: string;
  /** an INCLUDETEXT simple field's URL (its cached result: 「缓存引用文字」) */
  includeText?: string;
  /** visible text of the body */
  text?: string;
}

/** A DOCX that makes a careless converter fetch and read (see the module comment). */
export async function linkingDocx(o: LinkingDocxOptions): Promise<Buffer> {
  const rels = o.images.map((url, i) => `<Relationship Id="rIdL${i + 1}" Type="${IMAGE_REL}" Target="${url.replace(/&/g, '&amp;')}" TargetMode="External"/>`);
  const body: string[] = [`<w:p><w:r><w:t>${o.text ?? '外部链接测试正文'}</w:t></w:r></w:p>`];
  o.images.forEach((_u, i) => body.push(linkedPicture(`rIdL${i + 1}`, i + 1)));
  if (o.includePicture) {
    body.push(
      `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "${o.includePicture}" \\d </w:instrText></w:r>` +
        `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>缓存图片说明</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`,
    );
  }
  if (o.includeText) body.push(`<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;${o.includeText}&quot; "><w:r><w:t>缓存引用文字</w:t></w:r></w:fldSimple></w:p>`);
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`);
  zip.file('word/_rels/document.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`);
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><w:body>${body.join('')}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A PDF of `pages` blank pages `inches` a side (333 bytes for one of 200 inches, like the report's 442-byte file: pdftoppm at 110 dpi needed gigabytes). */
export function hugePagePdf(inches = 200, pages = 1): Buffer {
  const side = inches * 72;
  const objs: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  objs.push('<< /Type /Catalog /Pages 2 0 R >>');
  objs.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let i = 0; i < pages; i++) objs.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${side} ${side}] >>`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** Counts the requests it gets; `url(path)` names it. */
export async function countingListener(): Promise<{ url: (p: string) => string; hits: () => number; paths: string[]; close: () => Promise<void> }> {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PIXEL);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    hits: () => paths.length,
    paths,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A host that accepts connections and never answers (the report's twenty dead links). */
export async function silentListener(): Promise<{ url: (p: string) => string; close: () => Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(() => undefined);
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Processes whose command line contains `needle` (from /proc; Linux), as `pid command…`. */
export function processesWith(needle: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      continue;
    }
    if (cmd && cmd.includes(needle)) out.push(`${name} ${cmd}`);
  }
  return out;
}

const parentOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};

/**
 * A running `program` started by a worker of the server process `serverPid` (found up the parent chain): the worker's
 * pid and the program's input file (in the run's job folder). Once the worker is gone its orphans have no chain to
 * follow: they are found by that input path, which is in their command line.
 */
export function runningUnder(program: string, serverPid: number): { worker: number; input: string } | null {
  for (const line of processesWith(program)) {
    const input = line.split(' ').find((a) => /\/input\.(pdf|docx?)$/.test(a));
    if (!input) continue;
    for (let pid = Number(line.split(' ')[0]), hops = 0; pid > 1 && hops < 8; pid = parentOf(pid), hops++) {
      if (parentOf(pid) === serverPid) return { worker: pid, input };
    }
  }
  return null;
}

/**
 * A plain DOCX of `paragraphs` long Chinese paragraphs (LibreOffice lays out ~8 per page: a slow, honest conversion); the
 * words are shuffled per paragraph so the package stays within the zip-bomb guard's ratio.
 */
export async function longDocx(paragraphs: number): Promise<Buffer> {
  const words = '投标人 应当 按照 招标文件 的要求 编制 投标文件 并对 其真实性 负责 项目 质量 工期 保证 措施 技术 方案 服务 承诺 人员 设备 安全 文明 施工 验收 合同 价格 评分 资格 审查'.split(' ');
  let seed = 7;
  const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const paraOf = (n: number) => `<w:p><w:r><w:t>${n}. ${Array.from({ length: 60 }, () => words[Math.floor(rnd() * words.length)]).join('')}。</w:t></w:r></w:p>`;
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`);
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${Array.from({ length: paragraphs }, (_, i) => paraOf(i + 1)).join('')}<w:sectPr/></w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
