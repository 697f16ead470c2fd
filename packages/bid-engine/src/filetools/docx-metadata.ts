/**
 * Metadata of a DOCX (issue 15, 元数据清除): what ties a file to the person, machine and template that made it — core,
 * app and custom properties, RSIDs (editing-session ids Word writes on every paragraph and run, shared by copies of the
 * same document), the document's own GUIDs (w14/w15 docId, paragraph ids), comments and their authors, tracked-change
 * authors, document variables, hidden text, the attached template's path and the thumbnail. Duplicate checks between
 * bidders compare exactly these; `clearDocxMetadata` removes them and `readDocxMetadata` reads them back (the test proves
 * two linked files are no longer linked after clearing).
 *
 * The archive is read with the reading module's guards (central directory sizes against the file's budget, every entry
 * inflated with its declared size as a hard cap), so a zip bomb is refused before anything is inflated.
 */
import JSZip from 'jszip';
import { DocumentError, assertSafeZip, listZipEntries, readZipEntry } from '../reading/index.js';
import { attr, removeElements, setAttribute, stripAttributes, unescapeXml } from './xml.js';

export interface DocxMetadata {
  /** docProps/core.xml: creator, lastModifiedBy, title, created, modified, revision… (non-empty values) */
  core: Record<string, string>;
  /** docProps/app.xml: Company, Manager, Template, TotalTime, Application… (non-empty values) */
  app: Record<string, string>;
  /** docProps/custom.xml: name → value */
  custom: Record<string, string>;
  /** every RSID in the document (settings' list and the parts' attributes), upper case */
  rsids: string[];
  /** w14:docId / w15:docId / w15:persistentDocId of settings.xml */
  docIds: string[];
  commentAuthors: string[];
  revisionAuthors: string[];
  docVars: Record<string, string>;
  /** the attached template's path (settings.xml.rels) or app.xml's Template */
  template: string | null;
  hasThumbnail: boolean;
  /** runs marked hidden (w:vanish) */
  hiddenRuns: number;
  /** w14:paraId values (random per paragraph, kept by copies) */
  paraIds: string[];
}

const XML_PART = /\.(xml|rels)$/i;
const TEXT_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments\w*|glossary\/document)\.xml$/i;
const COMMENT_PARTS = /^word\/(comments|commentsExtended|commentsIds|commentsExtensible|people)\.xml$/i;
const CUSTOM_XML = /^customXml\//i;

function loadParts(buf: Buffer): Map<string, Buffer> {
  const entries = listZipEntries(buf);
  assertSafeZip(entries, buf.length);
  const parts = new Map<string, Buffer>();
  for (const e of entries) {
    if (e.name.endsWith('/') && e.uncompressedSize === 0) continue;
    parts.set(e.name, readZipEntry(buf, e));
  }
  if (!parts.has('word/document.xml')) throw new DocumentError('UNSUPPORTED', '不是有效的 DOCX 文件（缺少 word/document.xml）');
  return parts;
}

const text = (parts: Map<string, Buffer>, name: string): string | null => parts.get(name)?.toString('utf8') ?? null;

/** Simple `<prefix:Name>value</prefix:Name>` children of a properties part, non-empty ones. */
function simpleProps(xml: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!xml) return out;
  const re = /<(?:[\w]+:)?([A-Za-z][\w]*)(?:\s[^>]*)?>([^<]+)<\/(?:[\w]+:)?\1>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const v = unescapeXml(m[2]!).trim();
    if (v) out[m[1]!] = v;
  }
  return out;
}

function customProps(xml: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!xml) return out;
  const re = /<property\b([^>]*)>([\s\S]*?)<\/property>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const name = attr(m[1]!, 'name');
    if (name) out[unescapeXml(name)] = unescapeXml(m[2]!.replace(/<[^>]+>/g, '')).trim();
  }
  return out;
}

function collect(xmls: string[], re: RegExp, upper = false): string[] {
  const found = new Set<string>();
  for (const xml of xmls) for (const m of xml.matchAll(re)) found.add(upper ? m[1]!.toUpperCase() : unescapeXml(m[1]!));
  return [...found].sort();
}

/** Reads the metadata of a DOCX (see DocxMetadata); throws the reading module's DocumentErrors on a bad file. */
export function readDocxMetadata(buf: Buffer): DocxMetadata {
  const parts = loadParts(buf);
  const word = [...parts.keys()].filter((n) => n.startsWith('word/') && n.endsWith('.xml')).map((n) => text(parts, n)!);
  const settings = text(parts, 'word/settings.xml') ?? '';
  const settingsRels = text(parts, 'word/_rels/settings.xml.rels') ?? '';
  const app = simpleProps(text(parts, 'docProps/app.xml'));
  const docVars: Record<string, string> = {};
  for (const m of settings.matchAll(/<w:docVar\b([^>]*)\/?>/g)) {
    const name = attr(m[1]!, 'w:name');
    if (name) docVars[unescapeXml(name)] = unescapeXml(attr(m[1]!, 'w:val') ?? '');
  }
  let template: string | null = null;
  const tplId = /<w:attachedTemplate\b[^>]*\sr:id="([^"]+)"/.exec(settings)?.[1];
  if (tplId) {
    const rel = new RegExp(`<Relationship\\b[^>]*Id="${tplId}"[^>]*>`).exec(settingsRels)?.[0];
    template = rel ? unescapeXml(attr(rel, 'Target') ?? '') : null;
  }
  template ??= app.Template ?? null;
  let hiddenRuns = 0;
  for (const xml of word) {
    removeElements(xml, (el) => {
      if (el.name === 'w:r' && /<w:vanish\s*\/>|<w:vanish\s+w:val="(1|true|on)"\s*\/>/.test(el.body)) hiddenRuns++;
      return false;
    }, new Set(['w:r']));
  }
  const props = simpleProps(text(parts, 'docProps/core.xml'));
  return {
    core: props,
    app,
    custom: customProps(text(parts, 'docProps/custom.xml')),
    rsids: [...new Set([...collect(word, /\sw:rsid\w*="([0-9A-Fa-f]{8})"/g, true), ...collect(word, /<w:rsid(?:Root)?\s+w:val="([0-9A-Fa-f]{8})"/g, true)])].sort(),
    docIds: collect([settings], /<w1[45]:(?:docId|persistentDocId)\s+w1[45]:val="([^"]+)"/g),
    commentAuthors: [
      ...new Set([
        ...collect(word.filter((x) => /<w:comments\b/.test(x)), /<w:comment\b[^>]*\sw:author="([^"]*)"/g),
        ...collect([text(parts, 'word/people.xml') ?? ''], /<w15:person\b[^>]*\sw15:author="([^"]*)"/g),
      ]),
    ].sort(),
    revisionAuthors: collect(word.filter((x) => !/<w:comments\b/.test(x)), /<w:(?:ins|del|moveFrom|moveTo|rPrChange|pPrChange|sectPrChange|tblPrChange|trPrChange|tcPrChange|numberingChange)\b[^>]*\sw:author="([^"]*)"/g),
    docVars,
    template,
    hasThumbnail: [...parts.keys()].some((n) => /^docProps\/thumbnail\./i.test(n)),
    hiddenRuns,
    paraIds: collect(word, /\sw14:(?:paraId|textId)="([0-9A-Fa-f]{8})"/g, true),
  };
}

/** Author names that name nobody: what clearing (ours, Word's 「删除个人信息」) puts in place of a person. */
export const NEUTRAL_AUTHOR = '作者';
const NEUTRAL_AUTHORS = new Set([NEUTRAL_AUTHOR, 'Author', '']);

/** The metadata items two files share (a duplicate check's "linked by metadata"): empty when nothing ties them. */
export function sharedDocxMetadata(a: DocxMetadata, b: DocxMetadata): string[] {
  const out: string[] = [];
  for (const k of ['creator', 'lastModifiedBy', 'title', 'subject', 'keywords', 'description', 'category', 'revision', 'created', 'modified'])
    if (a.core[k] && a.core[k] === b.core[k]) out.push(`core.${k}`);
  for (const k of ['Company', 'Manager', 'Template', 'HyperlinkBase', 'TotalTime'])
    if (a.app[k] && a.app[k] === b.app[k]) out.push(`app.${k}`);
  for (const [k, v] of Object.entries(a.custom)) if (b.custom[k] === v) out.push(`custom.${k}`);
  const shared = (x: string[], y: string[]) => x.filter((v) => y.includes(v) && !NEUTRAL_AUTHORS.has(v));
  if (shared(a.rsids, b.rsids).length) out.push('rsid');
  if (shared(a.docIds, b.docIds).length) out.push('docId');
  if (shared(a.paraIds, b.paraIds).length) out.push('paraId');
  if (shared(a.commentAuthors, b.commentAuthors).length) out.push('commentAuthor');
  if (shared(a.revisionAuthors, b.revisionAuthors).length) out.push('revisionAuthor');
  for (const [k, v] of Object.entries(a.docVars)) if (b.docVars[k] === v) out.push(`docVar.${k}`);
  if (a.template && a.template === b.template) out.push('template');
  return out;
}

const CORE_EMPTY = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"></cp:coreProperties>`;
const APP_EMPTY = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>`;

/** What clearing removed, for the report shown to the user. */
export interface DocxClearReport {
  coreProps: number;
  appProps: number;
  customProps: number;
  rsids: number;
  comments: number;
  revisionAuthors: number;
  docVars: number;
  hiddenRuns: number;
  template: boolean;
  thumbnail: boolean;
}

/** Relationship elements whose target matches `drop` removed from a .rels part. */
function dropRels(xml: string, drop: (rel: string) => boolean): string {
  return removeElements(xml, (el) => el.name === 'Relationship' && drop(el.open));
}

const RSID_ATTRS = /^w:rsid\w*$/;
const ID_ATTRS = /^w14:(paraId|textId)$/;
const REVISION = new Set(['w:ins', 'w:del', 'w:moveFrom', 'w:moveTo', 'w:rPrChange', 'w:pPrChange', 'w:sectPrChange', 'w:tblPrChange', 'w:trPrChange', 'w:tcPrChange', 'w:numberingChange']);

/**
 * The DOCX without its metadata (see the module comment), with a report of what went. Text, layout, pictures and
 * tracked changes themselves stay (their authors become 「作者」 and their dates go); comments go entirely.
 */
export async function clearDocxMetadata(buf: Buffer): Promise<{ data: Buffer; report: DocxClearReport }> {
  const before = readDocxMetadata(buf);
  const parts = loadParts(buf);
  const removed = new Set<string>();
  for (const name of parts.keys()) {
    if (/^docProps\/(custom\.xml|thumbnail\.\w+)$/i.test(name) || COMMENT_PARTS.test(name) || CUSTOM_XML.test(name)) removed.add(name);
    if (/^word\/_rels\/(comments\w*|people)\.xml\.rels$/i.test(name)) removed.add(name);
  }
  let comments = 0;
  const out = new Map<string, Buffer | string>();
  for (const [name, data] of parts) {
    if (removed.has(name)) continue;
    if (!XML_PART.test(name)) {
      out.set(name, data);
      continue;
    }
    let xml = data.toString('utf8');
    if (name === 'docProps/core.xml') xml = CORE_EMPTY;
    else if (name === 'docProps/app.xml') xml = APP_EMPTY;
    else if (name === '[Content_Types].xml') {
      xml = removeElements(xml, (el) => el.name === 'Override' && removed.has((attr(el.open, 'PartName') ?? '').replace(/^\//, '')));
    } else if (name.endsWith('.rels')) {
      xml = dropRels(xml, (rel) => {
        const type = attr(rel, 'Type') ?? '';
        const target = attr(rel, 'Target') ?? '';
        return (
          /\/(custom-properties|metadata\/thumbnail|comments|commentsExtended|commentsIds|commentsExtensible|people|attachedTemplate|customXml)$/i.test(type) ||
          /(^|\/)customXml\//i.test(target)
        );
      });
    } else if (name === 'word/settings.xml') {
      xml = removeElements(xml, (el) => ['w:rsids', 'w:docVars', 'w:attachedTemplate', 'w14:docId', 'w15:docId', 'w15:persistentDocId', 'w:removePersonalInformation'].includes(el.name));
      // Word keeps personal information out of the file from now on (authors, dates) when this is set
      xml = xml.replace(/(<w:settings\b[^>]*>)/, '$1<w:removePersonalInformation/>');
    } else if (name.startsWith('word/')) {
      xml = removeElements(
        xml,
        (el) => {
          if (el.name === 'w:commentRangeStart' || el.name === 'w:commentRangeEnd') return true;
          if (el.name === 'w:commentReference') {
            comments++;
            return true;
          }
          if (el.name === 'w:rsid') return true;
          if (el.name === 'w:r') return /<w:vanish\s*\/>|<w:vanish\s+w:val="(1|true|on)"\s*\/>/.test(el.body);
          return false;
        },
        TEXT_PARTS.test(name) ? new Set(['w:r']) : new Set(),
      );
      xml = stripAttributes(xml, RSID_ATTRS);
      xml = stripAttributes(xml, ID_ATTRS);
      if (TEXT_PARTS.test(name)) {
        xml = xml.replace(/<(w:[A-Za-z]+)\b[^>]*>/g, (tag, tagName: string) => {
          if (!REVISION.has(tagName)) return tag;
          return stripAttributes(setAttribute(tag, 'w:author', NEUTRAL_AUTHOR), /^w:date$|^w16du:dateUtc$/);
        });
      }
    }
    out.set(name, xml);
  }
  const zip = new JSZip();
  // [Content_Types].xml first, as Word writes it
  const names = [...out.keys()].sort((a, b) => (a === '[Content_Types].xml' ? -1 : b === '[Content_Types].xml' ? 1 : 0));
  for (const n of names) zip.file(n, out.get(n)!, { date: new Date('2000-01-01T00:00:00Z'), createFolders: false });
  const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  return {
    data,
    report: {
      coreProps: Object.keys(before.core).length,
      appProps: Object.keys(before.app).length,
      customProps: Object.keys(before.custom).length,
      rsids: before.rsids.length,
      comments: Math.max(comments, before.commentAuthors.length ? 1 : 0),
      revisionAuthors: before.revisionAuthors.length,
      docVars: Object.keys(before.docVars).length,
      hiddenRuns: before.hiddenRuns,
      template: before.template !== null,
      thumbnail: before.hasThumbnail,
    },
  };
}
