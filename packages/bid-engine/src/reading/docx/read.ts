import { DocumentError } from '../errors.js';
import type { DocModel } from '../model/types.js';
import { CHARS_PER_PAGE, type PageText } from '../paginate.js';
import { assertSafeZip, listZipEntries, readZipEntry } from '../zip.js';
import { BodyWalker } from './body.js';
import { buildDocx, type SectionFurniture } from './model.js';
import { NumberingCounter, parseNumbering } from './numbering.js';
import { parseStyles } from './styles.js';
import { kid, kids, parseXml, type XNode } from './xml.js';

/**
 * DOCX: archive-bomb checks on the central directory first, then every XML part is inflated with a hard cap (so a
 * directory that lies about sizes fails too); then document.xml is read as XML — with styles.xml (headings),
 * numbering.xml (the printed numbering) and the running headers and footers — into the page texts and the document
 * model from one walk.
 */
export async function readDocx(
  buf: Buffer,
  opts: { charsPerPage?: number } = {},
): Promise<{ pages: PageText[]; estimated: boolean; model: DocModel }> {
  const entries = listZipEntries(buf);
  assertSafeZip(entries, buf.length);
  const parts = new Map<string, Buffer>();
  for (const e of entries) {
    if (!/\.(xml|rels)$/i.test(e.name)) continue;
    parts.set(e.name, readZipEntry(buf, e)); // holds every XML entry to its declared size
  }
  const part = (name: string): string | null => parts.get(name)?.toString('utf8') ?? null;
  const documentXml = part('word/document.xml');
  if (documentXml === null) throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOCX 缺少正文）');

  // styles, numbering, headers and footers only add structure: a broken one is read as absent, the text still comes
  const xml = (name: string): XNode | null => {
    const s = part(name);
    if (s === null) return null;
    try {
      return parseXml(s, name);
    } catch {
      return null;
    }
  };
  const { styles, defaultParagraph } = parseStyles(xml('word/styles.xml'));
  const numbering = parseNumbering(xml('word/numbering.xml'));
  const doc = parseXml(documentXml, 'word/document.xml');
  const body = kid(kid(doc, 'w:document'), 'w:body');
  if (!body) throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOCX 缺少正文）');
  const walked = new BodyWalker(styles, new NumberingCounter(numbering), defaultParagraph).walkBody(body);

  // running headers and footers, through the document's relationships
  const rels = new Map<string, string>();
  const relsXml = xml('word/_rels/document.xml.rels');
  for (const r of kids(kid(relsXml ?? undefined, 'Relationships'), 'Relationship')) {
    if (r.attrs.Id && r.attrs.Target) rels.set(r.attrs.Id, r.attrs.Target.replace(/^\/?(word\/)?/, 'word/'));
  }
  const cache = new Map<string, string>();
  const partText = (id: string | undefined): string | undefined => {
    const target = id ? rels.get(id) : undefined;
    if (!target) return undefined;
    if (!cache.has(target)) cache.set(target, headerFooterText(xml(target), styles));
    return cache.get(target);
  };
  let inherited: SectionFurniture | null = null;
  const sections: SectionFurniture[] = walked.sections.map((s) => {
    // a section without its own header/footer reference keeps the previous section's
    const f: SectionFurniture = {
      startUnit: s.startUnit,
      titlePg: s.titlePg,
      header: {
        default: partText(s.headers.default) ?? inherited?.header.default,
        first: partText(s.headers.first) ?? inherited?.header.first,
      },
      footer: {
        default: partText(s.footers.default) ?? inherited?.footer.default,
        first: partText(s.footers.first) ?? inherited?.footer.first,
      },
    };
    inherited = f;
    return f;
  });
  return buildDocx(walked, sections, opts.charsPerPage ?? CHARS_PER_PAGE);
}

/** A header or footer part as text; its page-number field (PAGE) becomes '\u0000', NUMPAGES '\u0001'. */
function headerFooterText(root: XNode | null, styles: ReturnType<typeof parseStyles>['styles']): string {
  if (!root) return '';
  const top = root.kids.find((k) => k.name === 'w:hdr' || k.name === 'w:ftr');
  if (!top) return '';
  const walker = new BodyWalker(styles, new NumberingCounter({ abstracts: new Map(), nums: new Map() }), undefined, true);
  const { units } = walker.walkBody(top);
  return units
    .flatMap((u) => (u.kind === 'p' ? [u.text] : u.rows.map((r) => r.cells.map((c) => c.paras.join(' ')).join(' '))))
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n');
}
