/**
 * A reader of the metadata a bid file carries (the duplicate check's own; named for sharing — the metadata *clearer* of
 * the file tools lives in src/filetools). DOCX: docProps/core.xml (author, last modified by, times), docProps/app.xml
 * (application, company, template), docProps/custom.xml, word/settings.xml (the Word revision-session ids, RSIDs) and
 * the SHA-256 of every embedded file (word/embeddings, word/media). PDF: the document information dictionary when it is
 * stored uncompressed (Author, Creator, Producer, CreationDate, ModDate). DOC: none. Entries are read through the
 * reading module's capped zip reader, after its bomb check.
 */
import { createHash } from 'node:crypto';
import { assertSafeZip, listZipEntries, readZipEntry, type ZipEntry } from '../reading/zip.js';

export interface FileMetadata {
  author: string;
  lastModifiedBy: string;
  company: string;
  template: string;
  application: string;
  /** ISO strings as the file states them; '' when absent */
  created: string;
  modified: string;
  custom: Record<string, string>;
  /** Word revision-session ids (8 hex digits), rsidRoot first when present */
  rsids: string[];
  rsidRoot: string;
  /** embedded files: path and SHA-256 */
  embedded: Array<{ name: string; sha256: string }>;
}

export function emptyMetadata(): FileMetadata {
  return { author: '', lastModifiedBy: '', company: '', template: '', application: '', created: '', modified: '', custom: {}, rsids: [], rsidRoot: '', embedded: [] };
}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&')
    .trim();

function tag(xml: string, name: string): string {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? decodeXml(m[1]!) : '';
}

/** The metadata of a DOCX (its zip already sniffed; the bomb check is repeated here). */
export function readDocxMetadata(data: Buffer): FileMetadata {
  const entries = listZipEntries(data);
  assertSafeZip(entries, data.length);
  const byName = new Map<string, ZipEntry>(entries.map((e) => [e.name, e]));
  const text = (name: string) => {
    const e = byName.get(name);
    return e ? readZipEntry(data, e).toString('utf8') : '';
  };
  const m = emptyMetadata();
  const core = text('docProps/core.xml');
  m.author = tag(core, 'dc:creator');
  m.lastModifiedBy = tag(core, 'cp:lastModifiedBy');
  m.created = tag(core, 'dcterms:created');
  m.modified = tag(core, 'dcterms:modified');
  const app = text('docProps/app.xml');
  m.application = [tag(app, 'Application'), tag(app, 'AppVersion')].filter(Boolean).join(' ');
  m.company = tag(app, 'Company');
  m.template = tag(app, 'Template');
  const custom = text('docProps/custom.xml');
  for (const p of custom.matchAll(/<property\b[^>]*\bname="([^"]*)"[^>]*>([\s\S]*?)<\/property>/g)) {
    const v = /<vt:[a-zA-Z0-9]+>([\s\S]*?)<\/vt:/.exec(p[2]!);
    if (Object.keys(m.custom).length < 50) m.custom[decodeXml(p[1]!).slice(0, 100)] = v ? decodeXml(v[1]!).slice(0, 300) : '';
  }
  const settings = text('word/settings.xml');
  m.rsidRoot = /<w:rsidRoot\s+w:val="([0-9A-Fa-f]{8})"/.exec(settings)?.[1]?.toUpperCase() ?? '';
  const rsids = new Set<string>();
  for (const r of settings.matchAll(/<w:rsid\s+w:val="([0-9A-Fa-f]{8})"/g)) rsids.add(r[1]!.toUpperCase());
  m.rsids = [...rsids].slice(0, 5000);
  for (const e of entries) {
    if (!/^word\/(embeddings|media)\//.test(e.name) || e.name.endsWith('/')) continue;
    if (m.embedded.length >= 500) break;
    m.embedded.push({ name: e.name, sha256: createHash('sha256').update(readZipEntry(data, e)).digest('hex') });
  }
  return m;
}

/** A PDF string literal or hex string as text (UTF-16BE with its BOM, or PDFDocEncoding taken as Latin-1). */
function pdfString(raw: string): string {
  let bytes: number[];
  if (raw.startsWith('<')) {
    const hex = raw.slice(1, -1).replace(/\s+/g, '');
    bytes = [];
    for (let i = 0; i + 1 < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  } else {
    const body = raw.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) =>
      /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e,
    );
    bytes = [...body].map((c) => c.charCodeAt(0) & 0xff);
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let s = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    return s.trim();
  }
  return Buffer.from(bytes).toString('latin1').trim();
}

/** The information dictionary of a PDF, when it is stored as plain objects (most are); the last one wins (updates). */
export function readPdfMetadata(data: Buffer): FileMetadata {
  const m = emptyMetadata();
  // the Info dictionary sits in the last few hundred KB or the first ones; search both ends only
  const head = data.subarray(0, Math.min(data.length, 512 * 1024)).toString('latin1');
  const tail = data.length > 512 * 1024 ? data.subarray(Math.max(512 * 1024, data.length - 512 * 1024)).toString('latin1') : '';
  const field = (name: string) => {
    let v = '';
    for (const part of [head, tail]) {
      const re = new RegExp(`/${name}\\s*(\\((?:\\\\.|[^\\\\)])*\\)|<[0-9A-Fa-f\\s]*>)`, 'g');
      for (const x of part.matchAll(re)) v = pdfString(x[1]!);
    }
    return v.slice(0, 300);
  };
  m.author = field('Author');
  m.application = [field('Creator'), field('Producer')].filter(Boolean).join(' / ');
  m.created = pdfDate(field('CreationDate'));
  m.modified = pdfDate(field('ModDate'));
  return m;
}

/** D:YYYYMMDDHHmmSS → YYYY-MM-DDTHH:mm:SS (the zone left out); anything else as it is. */
function pdfDate(s: string): string {
  const d = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?/.exec(s);
  if (!d) return s;
  return `${d[1]}-${d[2] ?? '01'}-${d[3] ?? '01'}T${d[4] ?? '00'}:${d[5] ?? '00'}:${d[6] ?? '00'}`;
}

export function readFileMetadata(data: Buffer, type: string): FileMetadata {
  if (type === 'docx') return readDocxMetadata(data);
  if (type === 'pdf') return readPdfMetadata(data);
  return emptyMetadata();
}
