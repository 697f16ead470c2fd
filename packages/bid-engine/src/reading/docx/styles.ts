import { isOn, kid, kids, val, type XNode } from './xml.js';

/**
 * Paragraph styles (styles.xml), resolved along `w:basedOn`: the outline level a style gives (Heading 1-9 / 标题 1-9 or
 * any style with `w:outlineLvl`), TOC styles (TOC 1-9 / 目录 1-9), the numbering a style carries (headings linked to
 * a multilevel list), and the bold / centered look that marks typed headings.
 */
export interface StyleInfo {
  id: string;
  name: string;
  /** 0-based outline level (0 = Heading 1); undefined for body text */
  outline?: number;
  /** TOC level (TOC 1 = 1) */
  toc?: number;
  numId?: string;
  /** the list level the style sets; when it sets none, the level linked to the style (w:lvl/w:pStyle) or 0 */
  ilvl?: number;
  bold?: boolean;
  centered?: boolean;
}

export type StyleMap = Map<string, StyleInfo>;

const HEADING_NAME = /^(?:heading|标题)\s*([1-9])$/i;
const TOC_NAME = /^(?:toc|目录)\s*([1-9])$/i;

export function parseStyles(root: XNode | null): { styles: StyleMap; defaultParagraph?: string } {
  const raw = new Map<string, { name: string; basedOn?: string; pPr?: XNode; rPr?: XNode }>();
  let defaultParagraph: string | undefined;
  const stylesEl = root ? kid(root, 'w:styles') : undefined;
  for (const s of kids(stylesEl, 'w:style')) {
    if (s.attrs['w:type'] !== 'paragraph') continue;
    const id = s.attrs['w:styleId'];
    if (!id) continue;
    if (s.attrs['w:default'] === '1' || s.attrs['w:default'] === 'true') defaultParagraph = id;
    raw.set(id, { name: val(s, 'w:name') ?? id, basedOn: val(s, 'w:basedOn'), pPr: kid(s, 'w:pPr'), rPr: kid(s, 'w:rPr') });
  }
  const styles: StyleMap = new Map();
  const resolve = (id: string, depth = 0): StyleInfo | undefined => {
    const done = styles.get(id);
    if (done) return done;
    const r = raw.get(id);
    if (!r || depth > 20) return undefined;
    const base = r.basedOn ? resolve(r.basedOn, depth + 1) : undefined;
    const info: StyleInfo = { id, name: r.name };
    const name = r.name.trim();
    const h = HEADING_NAME.exec(name) ?? HEADING_NAME.exec(id);
    const t = TOC_NAME.exec(name) ?? TOC_NAME.exec(id);
    const ol = val(r.pPr, 'w:outlineLvl');
    if (ol !== undefined) {
      if (Number(ol) < 9) info.outline = Number(ol);
    } else if (h) info.outline = Number(h[1]) - 1;
    else if (base?.outline !== undefined && !t) info.outline = base.outline;
    if (t) info.toc = Number(t[1]);
    else if (base?.toc !== undefined) info.toc = base.toc;
    const numPr = kid(r.pPr, 'w:numPr');
    const numId = val(numPr, 'w:numId');
    if (numId !== undefined) {
      info.numId = numId;
      const ilvl = val(numPr, 'w:ilvl');
      if (ilvl !== undefined) info.ilvl = Number(ilvl);
    } else if (base?.numId !== undefined) {
      info.numId = base.numId;
      if (base.ilvl !== undefined) info.ilvl = base.ilvl;
    }
    info.bold = isOn(r.rPr, 'w:b') ?? base?.bold;
    const jc = val(r.pPr, 'w:jc');
    info.centered = jc !== undefined ? jc === 'center' : base?.centered;
    styles.set(id, info);
    return info;
  };
  for (const id of raw.keys()) resolve(id);
  return { styles, defaultParagraph };
}
