/**
 * What LibreOffice must not follow in a DOCX (issue 22, finding 3): it resolves external relationships (an image's
 * `r:link`, a linked OLE object, an attached template, a sub-document, a frame) and INCLUDEPICTURE / INCLUDETEXT / LINK /
 * DDE fields while it converts — fetching URLs (a request to any host the server can reach) and reading `file://` paths
 * into the user's output. `stripExternalLinks` removes them from the package before any conversion:
 *
 * - every relationship with `TargetMode="External"` in every `*.rels`, except hyperlinks (LibreOffice never fetches those;
 *   the PDF keeps them clickable), and the attributes that pointed at a removed one (an image keeps its embedded copy);
 * - the fields above, simple (`w:fldSimple`) and complex (`w:fldChar` begin … separate … end with `w:instrText`): the
 *   field goes, its cached result (the text or picture Word showed last) stays;
 * - VML `o:href` / `src` attributes naming a URL or a path (old Word's linked pictures).
 *
 * The archive is read with the reading module's guards (a zip bomb is refused before anything is inflated).
 */
import JSZip from 'jszip';
import { assertSafeZip, listZipEntries, readZipEntry } from '../reading/index.js';
import { attr, removeElements } from '../filetools/xml.js';

export interface LinkStripReport {
  /** external relationships removed */
  relationships: number;
  /** fields removed (their results kept) */
  fields: number;
}

/** Fields that pull content from outside the document. */
const LINKING_FIELD = /^\s*(INCLUDEPICTURE|INCLUDETEXT|LINK|DDE|DDEAUTO|IMPORT|RD)\b/i;
const HYPERLINK = /\/hyperlink$/i;

/** The part a `.rels` file describes: `word/_rels/document.xml.rels` → `word/document.xml`. */
const ownerOf = (rels: string) => rels.replace(/(^|\/)_rels\/([^/]+)\.rels$/, '$1$2');

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes the linking fields of one XML part; returns the new text and how many went. */
export function stripLinkingFields(xml: string): { xml: string; fields: number } {
  let fields = 0;
  // simple fields: keep what is inside (the cached result)
  xml = xml.replace(/<w:fldSimple\b([^>]*?)(\/>|>([\s\S]*?)<\/w:fldSimple>)/g, (all, attrs: string, _end: string, inner: string | undefined) => {
    const instr = attr(`<x${attrs}>`, 'w:instr') ?? '';
    if (!LINKING_FIELD.test(instr.replace(/&quot;/g, '"'))) return all;
    fields++;
    return inner ?? '';
  });
  // complex fields: find begin / separate / end and the instruction text of each, nesting respected
  const TOKEN = /<w:fldChar\b[^>]*?w:fldCharType="(begin|separate|end)"[^>]*?(?:\/>|>[\s\S]*?<\/w:fldChar>)|<w:(?:del)?instrText\b[^>]*>([\s\S]*?)<\/w:(?:del)?instrText>/g;
  type Field = { begin: [number, number]; separate?: [number, number]; end?: [number, number]; instr: string };
  const stack: Field[] = [];
  const cuts: Array<[number, number]> = [];
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    const span: [number, number] = [m.index, m.index + m[0].length];
    if (m[1] === 'begin') stack.push({ begin: span, instr: '' });
    else if (m[2] !== undefined) {
      const top = stack[stack.length - 1];
      if (top && !top.separate) top.instr += m[2];
    } else if (m[1] === 'separate') {
      const top = stack[stack.length - 1];
      if (top && !top.separate) top.separate = span;
    } else if (m[1] === 'end') {
      const f = stack.pop();
      if (!f) continue;
      f.end = span;
      if (!LINKING_FIELD.test(f.instr.replace(/&quot;/g, '"'))) continue;
      fields++;
      // begin through separate (the instruction) goes, the result stays, the end mark goes; without a result, all of it
      if (f.separate) cuts.push([f.begin[0], f.separate[1]], [f.end[0], f.end[1]]);
      else cuts.push([f.begin[0], f.end[1]]);
    }
  }
  if (cuts.length) {
    // outer fields contain inner ones: merge overlapping cuts, then remove from the end
    cuts.sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const c of cuts) {
      const last = merged[merged.length - 1];
      if (last && c[0] <= last[1]) last[1] = Math.max(last[1], c[1]);
      else merged.push([...c]);
    }
    for (let i = merged.length - 1; i >= 0; i--) xml = xml.slice(0, merged[i]![0]) + xml.slice(merged[i]![1]);
  }
  return { xml, fields };
}

/** The DOCX without anything that makes a converter reach outside it (see the module comment). */
export async function stripExternalLinks(buf: Buffer): Promise<{ data: Buffer; report: LinkStripReport }> {
  const entries = listZipEntries(buf);
  assertSafeZip(entries, buf.length);
  const parts = new Map<string, Buffer | string>();
  for (const e of entries) if (!(e.name.endsWith('/') && e.uncompressedSize === 0)) parts.set(e.name, readZipEntry(buf, e));
  const report: LinkStripReport = { relationships: 0, fields: 0 };
  const removedIds = new Map<string, Set<string>>();
  for (const [name, data] of parts) {
    if (!name.endsWith('.rels')) continue;
    const ids = new Set<string>();
    const xml = removeElements(data.toString('utf8'), (el) => {
      if (el.name !== 'Relationship' || !/^external$/i.test(attr(el.open, 'TargetMode') ?? '')) return false;
      if (HYPERLINK.test(attr(el.open, 'Type') ?? '')) return false;
      ids.add(attr(el.open, 'Id') ?? '');
      return true;
    });
    if (!ids.size) continue;
    report.relationships += ids.size;
    removedIds.set(ownerOf(name), ids);
    parts.set(name, xml);
  }
  for (const [name, data] of parts) {
    if (!/\.xml$/i.test(name) || !/^word\//i.test(name)) continue;
    let xml = data.toString('utf8');
    const before = xml;
    const ids = removedIds.get(name);
    if (ids?.size) {
      const re = new RegExp(`\\s[A-Za-z_][\\w.-]*:[A-Za-z_][\\w.-]*\\s*=\\s*"(?:${[...ids].map(escapeRe).join('|')})"`, 'g');
      xml = xml.replace(re, '');
    }
    // VML pictures that name their source directly
    xml = xml.replace(/\s(o:href|src)\s*=\s*"(?:[a-z][\w+.-]*:|\\\\|\/)[^"]*"/gi, '');
    const f = stripLinkingFields(xml);
    xml = f.xml;
    report.fields += f.fields;
    if (xml !== before) parts.set(name, xml);
  }
  if (!report.relationships && !report.fields && [...parts.values()].every((v) => Buffer.isBuffer(v))) return { data: buf, report };
  const zip = new JSZip();
  const names = [...parts.keys()].sort((a, b) => (a === '[Content_Types].xml' ? -1 : b === '[Content_Types].xml' ? 1 : 0));
  for (const n of names) zip.file(n, parts.get(n)!, { createFolders: false });
  const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  return { data, report };
}
