import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DocumentError } from '../reading/errors.js';
import { CHARS_PER_PAGE } from '../reading/paginate.js';
import { assertSafeZip, listZipEntries, readZipEntry } from '../reading/zip.js';
import { UseCollector, fontFace, hasCjk, type FormatScan, type HeaderFooterPart, type PageSetup } from './format.js';

/**
 * The format of a DOCX for the 暗标 check, from the package's XML (format.ts): styles.xml (defaults and styles, with
 * their inheritance), the theme's fonts, document.xml run by run, the headers and footers, section page setups, and the
 * document properties. The archive is checked against bombs first (the reading module's guards), every part inflated
 * with its cap. Body text = paragraphs outside tables whose style is not a heading.
 */

interface RunProps {
  fontEa?: string;
  fontAscii?: string;
  themeEa?: string;
  themeAscii?: string;
  /** half-points */
  sz?: number;
  color?: string;
  highlight?: string;
}
interface ParaProps {
  /** w:spacing w:line */
  line?: number;
  lineRule?: string;
  heading?: boolean;
}
interface Style {
  basedOn?: string;
  run: RunProps;
  para: ParaProps;
  type: string;
}

const TWIP_CM = 567;

function parse(xml: string, onOpen: (t: SaxesTagPlain, stack: string[]) => void, onClose?: (name: string, stack: string[]) => void, onText?: (t: string, stack: string[]) => void): void {
  const p = new SaxesParser({ xmlns: false });
  const stack: string[] = [];
  p.on('opentag', (t) => {
    stack.push(t.name);
    onOpen(t as SaxesTagPlain, stack);
    if (t.isSelfClosing) {
      stack.pop();
      onClose?.(t.name, stack);
    }
  });
  p.on('closetag', (t) => {
    if (t.isSelfClosing) return;
    stack.pop();
    onClose?.(t.name, stack);
  });
  if (onText) p.on('text', (t) => onText(t, stack));
  try {
    p.write(xml).close();
  } catch {
    throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOCX 的 XML 不完整）');
  }
}

const attr = (t: SaxesTagPlain, name: string): string | undefined => {
  const v = t.attributes[name];
  return typeof v === 'string' ? v : undefined;
};

/** Applies an rPr child to run props. */
function runProp(t: SaxesTagPlain, r: RunProps): void {
  switch (t.name) {
    case 'w:rFonts': {
      const ea = attr(t, 'w:eastAsia');
      const ascii = attr(t, 'w:ascii') ?? attr(t, 'w:hAnsi');
      if (ea) {
        r.fontEa = ea;
        delete r.themeEa;
      }
      if (ascii) {
        r.fontAscii = ascii;
        delete r.themeAscii;
      }
      const eaTheme = attr(t, 'w:eastAsiaTheme');
      const asciiTheme = attr(t, 'w:asciiTheme') ?? attr(t, 'w:hAnsiTheme');
      if (eaTheme && !ea) r.themeEa = eaTheme;
      if (asciiTheme && !ascii) r.themeAscii = asciiTheme;
      break;
    }
    case 'w:sz': {
      const v = Number(attr(t, 'w:val'));
      if (Number.isFinite(v) && v > 0) r.sz = v;
      break;
    }
    case 'w:color': {
      const v = attr(t, 'w:val');
      if (v) r.color = v;
      break;
    }
    case 'w:highlight': {
      const v = attr(t, 'w:val');
      if (v) r.highlight = v;
      break;
    }
  }
}

function paraProp(t: SaxesTagPlain, p: ParaProps): void {
  if (t.name === 'w:spacing') {
    const line = Number(attr(t, 'w:line'));
    if (Number.isFinite(line) && line > 0) {
      p.line = line;
      p.lineRule = attr(t, 'w:lineRule') ?? 'auto';
    }
  } else if (t.name === 'w:outlineLvl') {
    const v = Number(attr(t, 'w:val'));
    if (v >= 0 && v <= 8) p.heading = true;
  }
}

function readStyles(xml: string | null): { defaults: { run: RunProps; para: ParaProps }; styles: Map<string, Style>; defaultPara?: string } {
  const defaults = { run: {} as RunProps, para: {} as ParaProps };
  const styles = new Map<string, Style>();
  let defaultPara: string | undefined;
  if (!xml) return { defaults, styles };
  let cur: Style | null = null;
  parse(xml, (t, stack) => {
    if (t.name === 'w:style') {
      const id = attr(t, 'w:styleId') ?? '';
      cur = { run: {}, para: {}, type: attr(t, 'w:type') ?? 'paragraph' };
      styles.set(id, cur);
      if (attr(t, 'w:default') === '1' && cur.type === 'paragraph') defaultPara = id;
      return;
    }
    const inDefaults = stack.includes('w:docDefaults');
    const target = inDefaults ? defaults : cur;
    if (!target) return;
    if (t.name === 'w:basedOn' && cur && !inDefaults) cur.basedOn = attr(t, 'w:val');
    if (t.name === 'w:name' && cur && !inDefaults && /^(?:heading|标题|title)\s*\d*$/i.test(attr(t, 'w:val') ?? '')) cur.para.heading = true;
    if (stack.includes('w:rPr')) runProp(t, target.run);
    else if (stack.includes('w:pPr')) paraProp(t, target.para);
  }, (name) => {
    if (name === 'w:style') cur = null;
  });
  return { defaults, styles, ...(defaultPara ? { defaultPara } : {}) };
}

function themeFonts(xml: string | null): { major?: string; minor?: string } {
  if (!xml) return {};
  const out: { major?: string; minor?: string } = {};
  parse(xml, (t, stack) => {
    const which = stack.includes('a:majorFont') ? 'major' : stack.includes('a:minorFont') ? 'minor' : null;
    if (!which) return;
    if (t.name === 'a:ea' && attr(t, 'typeface')) out[which] ??= attr(t, 'typeface');
    if (t.name === 'a:font' && attr(t, 'script') === 'Hans' && attr(t, 'typeface')) out[which] = attr(t, 'typeface');
  });
  return out;
}

/** Text of a header/footer part with page-number fields taken out, and its pictures. */
function headerFooterText(xml: string): { text: string; images: number } {
  let text = '';
  let images = 0;
  let inField = 0;
  let fieldIsPage = false;
  const pieces: string[] = [];
  parse(
    xml,
    (t) => {
      if (t.name === 'w:drawing' || t.name === 'v:imagedata' || t.name === 'w:pict') images++;
      if (t.name === 'w:fldChar') {
        const type = attr(t, 'w:fldCharType');
        if (type === 'begin') {
          inField++;
          fieldIsPage = false;
        }
        if (type === 'end') inField = Math.max(0, inField - 1);
      }
      if (t.name === 'w:fldSimple' && /PAGE|NUMPAGES|SECTIONPAGES/i.test(attr(t, 'w:instr') ?? '')) fieldIsPage = true;
      if (t.name === 'w:p' && text) {
        pieces.push(text);
        text = '';
      }
    },
    (name) => {
      if (name === 'w:fldSimple') fieldIsPage = false;
    },
    (s, stack) => {
      const top = stack[stack.length - 1];
      if (top === 'w:instrText') {
        if (/PAGE|NUMPAGES|SECTIONPAGES/i.test(s)) fieldIsPage = true;
        return;
      }
      if (top !== 'w:t') return;
      if ((inField > 0 || stack.includes('w:fldSimple')) && fieldIsPage) return;
      text += s;
    },
  );
  if (text) pieces.push(text);
  // 「第 页 共 页」「- 1 -」 are what is left of a page number
  const kept = pieces.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p && !/^[第页共\s\-—–/|,，.·of()（）]*$/i.test(p));
  return { text: kept.join(' / '), images };
}

function propsText(xml: string | null, names: Record<string, string>): { name: string; value: string }[] {
  if (!xml) return [];
  const out: { name: string; value: string }[] = [];
  parse(xml, () => {}, undefined, (s, stack) => {
    const label = names[stack[stack.length - 1] ?? ''];
    if (label && s.trim()) out.push({ name: label, value: s.trim().slice(0, 100) });
  });
  return out;
}

export function scanDocxFormat(buf: Buffer): FormatScan {
  const entries = listZipEntries(buf);
  assertSafeZip(entries, buf.length);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const part = (name: string): string | null => {
    const e = byName.get(name);
    return e ? readZipEntry(buf, e).toString('utf8') : null;
  };
  const documentXml = part('word/document.xml');
  if (documentXml === null) throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOCX 缺少正文）');
  const { defaults, styles, defaultPara } = readStyles(part('word/styles.xml'));
  const theme = themeFonts(part('word/theme/theme1.xml'));
  const themeFont = (v: string | undefined) => (v ? (/major/i.test(v) ? theme.major : theme.minor) : undefined);

  const styleChain = (id: string | undefined): Style[] => {
    const chain: Style[] = [];
    const seen = new Set<string>();
    for (let s = id ? styles.get(id) : undefined; s && chain.length < 20; ) {
      chain.unshift(s);
      if (!s.basedOn || seen.has(s.basedOn)) break;
      seen.add(s.basedOn);
      s = styles.get(s.basedOn);
    }
    return chain;
  };
  const merged = (pStyle: string | undefined, rStyle: string | undefined, direct: RunProps, dpara: ParaProps): { run: RunProps; para: ParaProps } => {
    const run: RunProps = { ...defaults.run };
    const para: ParaProps = { ...defaults.para };
    for (const s of [...styleChain(pStyle ?? defaultPara), ...styleChain(rStyle)]) {
      Object.assign(run, s.run);
      Object.assign(para, s.para);
    }
    Object.assign(run, direct);
    Object.assign(para, dpara);
    return { run, para };
  };

  const fonts = new UseCollector();
  const sizes = new UseCollector();
  const colours = new UseCollector();
  const spacings = new UseCollector();
  const images: { page: number }[] = [];
  const pageSetups: PageSetup[] = [];
  const headerRefs: { id: string; kind: 'header' | 'footer'; page: number }[] = [];

  let page = 1;
  let breaks = 0;
  let chars = 0;
  let tableDepth = 0;
  // paragraph state
  let pStyle: string | undefined;
  let pDirect: ParaProps = {};
  let pText = '';
  let pRuns: { text: string; props: RunProps; rStyle?: string }[] = [];
  // run state
  let rDirect: RunProps = {};
  let rStyle: string | undefined;
  let rText = '';
  let inRun = false;
  let sect: { w?: number; h?: number; m?: { top: number; bottom: number; left: number; right: number } } | null = null;
  let sectStart = 1;

  const pageNow = () => (breaks > 0 ? page : 1 + Math.floor(chars / CHARS_PER_PAGE));

  const endParagraph = () => {
    const text = pText;
    const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, 40);
    const at = pageNow();
    let heading = false;
    for (const r of pRuns) {
      const { run, para } = merged(pStyle, r.rStyle, r.props, pDirect);
      heading ||= !!para.heading;
      const n = r.text.replace(/\s+/g, '').length;
      if (!n) continue;
      const cjk = hasCjk(r.text);
      const face = cjk ? run.fontEa ?? themeFont(run.themeEa) : run.fontAscii ?? themeFont(run.themeAscii);
      const spot = excerpt ? { page: at, excerpt } : null;
      const color = run.color?.toUpperCase();
      if (color && color !== 'AUTO' && color !== '000000') colours.add(color, n, spot);
      if (run.highlight && run.highlight !== 'none') colours.add(`highlight:${run.highlight}`, n, spot);
      if (heading || tableDepth > 0) continue;
      if (face && cjk) fonts.add(fontFace(face), n, spot);
      else if (face && !cjk && !/^[\d\s.,:;()（）、，。]+$/.test(r.text)) fonts.add(fontFace(face), n, spot);
      sizes.add(String((run.sz ?? 21) / 2), n, spot);
    }
    if (!heading && tableDepth === 0 && text.trim()) {
      const { para } = merged(pStyle, undefined, {}, pDirect);
      const key = para.line ? (para.lineRule === 'auto' ? `x${Math.round((para.line / 240) * 100) / 100}` : `pt${Math.round((para.line / 20) * 10) / 10}`) : 'x1';
      spacings.add(key, text.replace(/\s+/g, '').length, excerpt ? { page: at, excerpt } : null);
    }
    chars += text.replace(/\s+/g, '').length;
    pText = '';
    pRuns = [];
    pStyle = undefined;
    pDirect = {};
  };

  parse(
    documentXml,
    (t, stack) => {
      const n = t.name;
      if (n === 'w:tbl') tableDepth++;
      else if (n === 'w:p') {
        pText = '';
        pRuns = [];
        pStyle = undefined;
        pDirect = {};
      } else if (n === 'w:r') {
        inRun = true;
        rDirect = {};
        rStyle = undefined;
        rText = '';
      } else if (n === 'w:pStyle' && stack.includes('w:pPr') && !stack.includes('w:rPr')) pStyle = attr(t, 'w:val');
      else if (n === 'w:rStyle') rStyle = attr(t, 'w:val');
      else if (stack.includes('w:rPr') && inRun && !stack.includes('w:rPrChange')) runProp(t, rDirect);
      else if (stack.includes('w:pPr') && !stack.includes('w:rPr') && !stack.includes('w:sectPr') && !stack.includes('w:pPrChange')) paraProp(t, pDirect);
      if (n === 'w:lastRenderedPageBreak' || (n === 'w:br' && attr(t, 'w:type') === 'page') || (n === 'w:pageBreakBefore' && attr(t, 'w:val') !== '0' && attr(t, 'w:val') !== 'false')) {
        breaks++;
        page++;
      }
      if (n === 'w:drawing' || n === 'v:imagedata') images.push({ page: pageNow() });
      if (n === 'w:sectPr') sect = {};
      if (sect && n === 'w:pgSz') {
        sect.w = Number(attr(t, 'w:w')) || undefined;
        sect.h = Number(attr(t, 'w:h')) || undefined;
      }
      if (sect && n === 'w:pgMar') {
        const v = (k: string) => Math.round((Math.abs(Number(attr(t, k)) || 0) / TWIP_CM) * 100) / 100;
        sect.m = { top: v('w:top'), bottom: v('w:bottom'), left: v('w:left'), right: v('w:right') };
      }
      if (sect && (n === 'w:headerReference' || n === 'w:footerReference')) {
        const id = attr(t, 'r:id');
        if (id) headerRefs.push({ id, kind: n === 'w:headerReference' ? 'header' : 'footer', page: sectStart });
      }
    },
    (name) => {
      if (name === 'w:tbl') tableDepth = Math.max(0, tableDepth - 1);
      else if (name === 'w:r') {
        inRun = false;
        if (rText) pRuns.push({ text: rText, props: rDirect, ...(rStyle ? { rStyle } : {}) });
      } else if (name === 'w:p') endParagraph();
      else if (name === 'w:sectPr' && sect) {
        if (sect.w && sect.h) pageSetups.push({ page: sectStart, widthCm: Math.round((sect.w / TWIP_CM) * 10) / 10, heightCm: Math.round((sect.h / TWIP_CM) * 10) / 10, ...(sect.m ? { margins: sect.m } : {}) });
        sect = null;
        sectStart = pageNow();
      }
    },
    (s, stack) => {
      if (stack[stack.length - 1] !== 'w:t' || !inRun) return;
      rText += s;
      pText += s;
    },
  );

  // headers and footers through the relationships (each part once)
  const rels = new Map<string, string>();
  const relsXml = part('word/_rels/document.xml.rels');
  if (relsXml)
    parse(relsXml, (t) => {
      if (t.name === 'Relationship' && attr(t, 'Id') && attr(t, 'Target')) rels.set(attr(t, 'Id')!, attr(t, 'Target')!.replace(/^\/?(word\/)?/, 'word/'));
    });
  const headersFooters: HeaderFooterPart[] = [];
  const seen = new Set<string>();
  for (const ref of headerRefs) {
    const target = rels.get(ref.id);
    if (!target || seen.has(target)) continue;
    seen.add(target);
    const xml = part(target);
    if (!xml) continue;
    const { text, images: pics } = headerFooterText(xml);
    if (text || pics) headersFooters.push({ kind: ref.kind, text, images: pics, page: ref.page });
  }

  const properties = [
    ...propsText(part('docProps/core.xml'), { 'dc:creator': '作者', 'cp:lastModifiedBy': '最后修改者' }),
    ...propsText(part('docProps/app.xml'), { Company: '单位', Manager: '经理' }),
  ];
  const reviewers = new Set<string>();
  for (const name of ['word/comments.xml', 'word/document.xml']) {
    const xml = name === 'word/document.xml' ? documentXml : part(name);
    if (!xml) continue;
    parse(xml, (t) => {
      if ((t.name === 'w:comment' || t.name === 'w:ins' || t.name === 'w:del') && attr(t, 'w:author')) reviewers.add(attr(t, 'w:author')!);
    });
  }
  return {
    type: 'docx',
    pages: Math.max(page, pageNow()),
    pagesKnown: breaks > 0,
    fonts: fonts.list(),
    sizes: sizes.list(),
    colours: colours.list(),
    spacings: spacings.list(),
    headersFooters,
    pageSetups,
    images,
    properties,
    reviewers: [...reviewers],
  };
}
