/**
 * What a bid file looks like on paper, for the 暗标 check (issue 15): the fonts, sizes, colours and line spacing of its
 * body text, its headers and footers, page sizes and margins, pictures and the identifying document properties. Read
 * from the DOCX package's XML (format-docx.ts) or from what pdfjs gives of a PDF (format-pdf.ts). Pages: the page the
 * file's own layout gives (rendered page breaks in a DOCX, the page of a PDF); `excerpt` lets the caller find the page
 * in the document model instead.
 */

/** One place a format property shows, with the text it applies to. */
export interface FormatSpot {
  page: number;
  excerpt: string;
}

/** A property value and where it is used (body text only: headings and tables have formats of their own). */
export interface FormatUse {
  /** the value: a font name, a size in points, a colour (RRGGBB), a spacing key */
  value: string;
  /** characters of text in this value */
  chars: number;
  /** the first places (at most a few) */
  spots: FormatSpot[];
}

export interface PageSetup {
  /** first page of the section */
  page: number;
  widthCm: number;
  heightCm: number;
  /** margins in cm, when the format gives them (DOCX) */
  margins?: { top: number; bottom: number; left: number; right: number };
}

export interface HeaderFooterPart {
  kind: 'header' | 'footer';
  /** the text, page-number fields taken out */
  text: string;
  /** pictures in it (a logo) */
  images: number;
  /** pages it prints on, when known */
  page: number;
}

export interface FormatScan {
  type: 'docx' | 'pdf';
  pages: number;
  /** whether `pages` and the spots' pages come from the layout (false: estimated by characters) */
  pagesKnown: boolean;
  fonts: FormatUse[];
  /** sizes in points as text ('12', '10.5') */
  sizes: FormatUse[];
  /** non-black text colours (RRGGBB), highlights as 'highlight:<name>' */
  colours: FormatUse[];
  /** line spacing keys: 'x1.5' (multiple) or 'pt28' (exact / at least) */
  spacings: FormatUse[];
  headersFooters: HeaderFooterPart[];
  pageSetups: PageSetup[];
  /** pages with pictures, one entry per picture */
  images: { page: number }[];
  /** document properties that can name the author: 作者, 最后修改者, 单位 */
  properties: { name: string; value: string }[];
  /** comments and tracked changes name their author */
  reviewers: string[];
}

export const SPOTS_PER_USE = 5;

/** Collects uses of values (chars and the first spots). */
export class UseCollector {
  private readonly map = new Map<string, FormatUse>();
  add(value: string, chars: number, spot: FormatSpot | null): void {
    if (!value || chars <= 0) return;
    let u = this.map.get(value);
    if (!u) this.map.set(value, (u = { value, chars: 0, spots: [] }));
    u.chars += chars;
    if (spot && u.spots.length < SPOTS_PER_USE && !u.spots.some((s) => s.page === spot.page && s.excerpt === spot.excerpt)) u.spots.push(spot);
  }
  list(): FormatUse[] {
    return [...this.map.values()].sort((a, b) => b.chars - a.chars);
  }
}

const CJK = /[\u3400-\u9fff]/;
export const hasCjk = (s: string) => CJK.test(s);

/** Font names that mean the same face. */
const FONT_ALIASES: [RegExp, string][] = [
  [/^(?:宋体|simsun|新宋体|nsimsun|宋体-简|songti(?: sc)?|stsong|华文宋体)$/i, '宋体'],
  [/^(?:黑体|simhei|heiti(?: sc)?|stheiti|华文黑体)$/i, '黑体'],
  [/^(?:仿宋|仿宋_gb2312|fangsong|fangsong_gb2312|stfangsong|华文仿宋)$/i, '仿宋'],
  [/^(?:楷体|楷体_gb2312|kaiti|kaiti_gb2312|stkaiti|华文楷体)$/i, '楷体'],
  [/^(?:微软雅黑|microsoft yahei(?: ui)?)$/i, '微软雅黑'],
  [/^(?:等线|dengxian)$/i, '等线'],
];

/** A font's name reduced to its face (宋体 for SimSun); subset prefixes of PDF fonts (ABCDEF+) and styles dropped. */
export function fontFace(name: string): string {
  const n = name.replace(/^[A-Z]{6}\+/, '').replace(/[,-](?:Bold|Italic|Regular|BoldItalic)$/i, '').trim();
  for (const [re, face] of FONT_ALIASES) if (re.test(n)) return face;
  return n;
}

/** Faces a plain bid uses; any other is an unusual (identifying) face in a 暗标. */
export const STANDARD_FACES = new Set(['宋体', '黑体', '仿宋', '楷体', '微软雅黑', '等线', '方正小标宋简体', '方正仿宋_GBK', 'Times New Roman', 'Arial', 'Calibri', 'Cambria', 'Symbol', 'Wingdings']);
