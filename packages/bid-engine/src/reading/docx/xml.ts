import { SaxesParser } from 'saxes';
import { DocumentError } from '../errors.js';

/**
 * A small element tree of one WordprocessingML part, built with saxes (a conforming streaming parser: entities,
 * CDATA and attribute quoting are its business, not a regex's). Names keep their prefixes (`w:p`); text is kept only
 * inside the elements that carry document text (`w:t`, `w:instrText`, `w:delText`), so whitespace between elements
 * costs nothing.
 */
export interface XNode {
  name: string;
  attrs: Record<string, string>;
  kids: XNode[];
  text: string;
}

const TEXT_ELEMENTS = new Set(['w:t', 'w:instrText', 'w:delText']);
const MAX_DEPTH = 1000;

/**
 * Elements no reader here looks at, skipped with their content: fonts, sizes, colours, spacing, borders, widths,
 * proofing and bookmark marks, revision history of formatting, pictures. A Word file is mostly these; not keeping
 * them saves most of the tree.
 */
const SKIP = new Set([
  'w:rFonts', 'w:sz', 'w:szCs', 'w:color', 'w:spacing', 'w:ind', 'w:lang', 'w:shd', 'w:kern', 'w:w', 'w:tcW',
  'w:tcBorders', 'w:tblBorders', 'w:tblCellMar', 'w:tblW', 'w:tblLook', 'w:tblLayout', 'w:tblInd', 'w:vAlign',
  'w:trHeight', 'w:proofErr', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:noProof', 'w:bCs', 'w:iCs', 'w:i',
  'w:highlight', 'w:position', 'w:snapToGrid', 'w:adjustRightInd', 'w:autoSpaceDE', 'w:autoSpaceDN', 'w:wordWrap',
  'w:textAlignment', 'w:rPrChange', 'w:pPrChange', 'w:tblPrChange', 'w:tcPrChange', 'w:trPrChange', 'w:tblPrEx',
  'w:cnfStyle', 'w:pBdr', 'w:keepNext', 'w:keepLines', 'w:widowControl', 'w:topLinePunct', 'w:overflowPunct',
  'w:kinsoku', 'w:tabs', 'w:framePr', 'w:pgSz', 'w:pgMar', 'w:cols', 'w:docGrid', 'w:pgNumType', 'w:rtlGutter',
  'w:tcMar', 'w:noWrap', 'w:tblpPr', 'w:tblStyle', 'w:rStyle', 'w:vertAlign', 'w:effect', 'w:em', 'w:fitText',
  'pic:pic', 'a:blip', 'wp:extent', 'wp:effectExtent', 'wp:docPr', 'wp:cNvGraphicFramePr', 'wp:positionH',
  'wp:positionV', 'wp:simplePos', 'wp:wrapSquare', 'wp:wrapNone', 'wp:wrapTopAndBottom', 'wp14:sizeRelH',
  'wp14:sizeRelV', 'a:xfrm', 'a:prstGeom', 'a:ln', 'a:solidFill', 'v:shapetype', 'v:imagedata', 'v:stroke',
  'v:fill', 'v:path', 'o:lock', 'w10:wrap', 'w:sectPrChange', 'm:oMathPara', 'm:oMath',
]);

/** Fonts whose letters draw symbols (Wingdings ☑ □ ★, Symbol, Webdings). */
export const SYMBOL_FONT = /wingdings|webdings|\bsymbol\b/i;

export function parseXml(xml: string, part: string): XNode {
  const root: XNode = { name: '#root', attrs: {}, kids: [], text: '' };
  const stack: XNode[] = [root];
  let skipping = 0; // depth inside a skipped element
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => {
    // run fonts are kept only where they name a symbol font: its letters print as symbols (body.ts, 「þ」 is ☑)
    if (skipping || (SKIP.has(tag.name) && !(tag.name === 'w:rFonts' && SYMBOL_FONT.test(Object.values(tag.attributes).join(' '))))) {
      if (!tag.isSelfClosing) skipping++;
      return;
    }
    const node: XNode = { name: tag.name, attrs: tag.attributes as Record<string, string>, kids: [], text: '' };
    stack[stack.length - 1]!.kids.push(node);
    if (tag.isSelfClosing) return;
    // the readers walk the tree recursively: a file nesting elements thousands deep is refused, not a stack overflow
    if (stack.length > MAX_DEPTH) throw new DocumentError('CORRUPT', `文件已损坏或格式不正确，无法读取（DOCX 的 ${part} 嵌套层级过深）`);
    stack.push(node);
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    if (skipping) skipping--;
    else stack.pop();
  });
  const onText = (t: string) => {
    if (skipping) return;
    const top = stack[stack.length - 1]!;
    if (TEXT_ELEMENTS.has(top.name)) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(xml).close();
  } catch (e) {
    if (e instanceof DocumentError) throw e;
    throw new DocumentError('CORRUPT', `文件已损坏或格式不正确，无法读取（DOCX 的 ${part} 不是有效的 XML）`, { cause: e });
  }
  return root;
}

/** First child with that name. */
export function kid(n: XNode | undefined, name: string): XNode | undefined {
  if (!n) return undefined;
  for (const k of n.kids) if (k.name === name) return k;
  return undefined;
}

export function kids(n: XNode | undefined, name: string): XNode[] {
  return n ? n.kids.filter((k) => k.name === name) : [];
}

/** `w:val` (or another attribute) of a child element. */
export function val(n: XNode | undefined, name: string, attr = 'w:val'): string | undefined {
  return kid(n, name)?.attrs[attr];
}

/** An on/off property (`<w:b/>`, `<w:b w:val="0"/>`): present and not switched off. */
export function isOn(n: XNode | undefined, name: string): boolean | undefined {
  const k = kid(n, name);
  if (!k) return undefined;
  const v = k.attrs['w:val'];
  return !(v === '0' || v === 'false' || v === 'off' || v === 'none');
}

/** The first descendant with that name (depth first). */
export function find(n: XNode, name: string): XNode | undefined {
  for (const k of n.kids) {
    if (k.name === name) return k;
    const f = find(k, name);
    if (f) return f;
  }
  return undefined;
}
