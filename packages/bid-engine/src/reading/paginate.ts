/**
 * Page estimation for formats without a page layout (DOCX without rendered breaks, DOC, TXT): about 1,800 characters
 * make one printed A4 page of Chinese body text. Breaks are placed at line ends so a paragraph is not cut mid-way
 * unless it alone is longer than a page.
 */
export const CHARS_PER_PAGE = 1800;

export interface PageText {
  page: number;
  text: string;
  ocr?: boolean;
}

/** Normalises line ends and whitespace without touching the characters a citation must match. */
export function normalizeText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Splits one text into pieces of about `perPage` characters, breaking at a line end within the last third. */
export function estimatePages(text: string, perPage: number = CHARS_PER_PAGE): string[] {
  const t = text;
  if (t.length <= perPage * 1.15) return [t];
  const out: string[] = [];
  let at = 0;
  while (at < t.length) {
    if (t.length - at <= perPage * 1.15) {
      out.push(t.slice(at));
      break;
    }
    const hardEnd = at + perPage;
    let cut = t.lastIndexOf('\n', hardEnd);
    if (cut < at + perPage * 0.66) {
      // No line end near: fall back to a sentence end, then to the hard limit.
      const window = t.slice(at + Math.floor(perPage * 0.66), hardEnd);
      const m = /[。！？；!?;](?![^。！？；!?;]*[。！？；!?;])/.exec(window);
      cut = m ? at + Math.floor(perPage * 0.66) + m.index + 1 : hardEnd;
    } else {
      cut += 1;
    }
    out.push(t.slice(at, cut));
    at = cut;
  }
  return out;
}

/**
 * Turns text split by explicit page breaks (form feed) into pages; a segment much longer than a page is divided by
 * estimate. Pages are numbered from 1; empty trailing pages are dropped.
 */
export function paginate(segments: string[], perPage: number = CHARS_PER_PAGE): PageText[] {
  const pages: PageText[] = [];
  for (const seg of segments) {
    const s = normalizeText(seg);
    for (const piece of estimatePages(s, perPage)) pages.push({ page: pages.length + 1, text: normalizeText(piece) });
  }
  while (pages.length > 1 && pages[pages.length - 1]!.text === '') pages.pop();
  if (pages.length === 0) pages.push({ page: 1, text: '' });
  return pages;
}
