import { throwIfAborted } from '../reading/errors.js';
import { assertSafePdf } from '../reading/pdf-guard.js';
import { PAGE_TEXT_TIMEOUT_MS, mapPdfError, openPdf, pdfjs, withTimeout } from '../reading/pdf-pages.js';
import { UseCollector, fontFace, type FormatScan, type PageSetup } from './format.js';

/**
 * The format of a PDF for the 暗标 check, from what pdfjs gives (format.ts): each page's size, the fonts and sizes of its
 * text items (the font's real name once the page's operators are loaded), the fill colour in force when text is shown,
 * the pictures painted, and the document's author properties. A PDF has no styles: every text item counts as body text,
 * and headers/footers come from the document model's furniture (the caller's), not from here.
 */

const PT_CM = 2.54 / 72;

interface Glyph {
  unicode?: string;
}

function colourOf(args: unknown[]): string | null {
  const a = args[0];
  if (typeof a === 'string') return a.replace('#', '').toUpperCase();
  const nums = (args.length === 1 && a && typeof a === 'object' ? Array.from(a as ArrayLike<number>) : (args as number[])).slice(0, 3);
  if (nums.length < 3 || nums.some((n) => typeof n !== 'number')) return null;
  const scale = nums.some((n) => n > 1) ? 1 : 255;
  return nums.map((n) => Math.round(n * scale).toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Near-black and greys count as black (scans and anti-aliasing give 1A1A1A, 333333). */
function isBlackish(hex: string): boolean {
  const n = parseInt(hex, 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return Math.max(r, g, b) - Math.min(r, g, b) < 24 && Math.max(r, g, b) < 160;
}

export async function scanPdfFormat(buf: Buffer, opts: { signal?: AbortSignal; maxPages?: number } = {}): Promise<FormatScan> {
  await assertSafePdf(buf, undefined, opts.signal);
  const lib = await pdfjs();
  const task = openPdf(lib, buf);
  let doc;
  try {
    doc = await withTimeout(task.promise, PAGE_TEXT_TIMEOUT_MS, 'open');
  } catch (e) {
    await task.destroy().catch(() => {});
    throw mapPdfError(e);
  }
  const OPS = lib.OPS as unknown as Record<string, number>;
  const fonts = new UseCollector();
  const sizes = new UseCollector();
  const colours = new UseCollector();
  const images: { page: number }[] = [];
  const pageSetups: PageSetup[] = [];
  const properties: { name: string; value: string }[] = [];
  try {
    const meta = (await doc.getMetadata().catch(() => null)) as { info?: Record<string, unknown> } | null;
    for (const [k, label] of [
      ['Author', '作者'],
      ['Creator', '创建程序'],
    ] as const) {
      const v = meta?.info?.[k];
      if (typeof v === 'string' && v.trim() && label === '作者') properties.push({ name: label, value: v.trim().slice(0, 100) });
    }
    const pages = Math.min(doc.numPages, opts.maxPages ?? 2000);
    for (let n = 1; n <= pages; n++) {
      throwIfAborted(opts.signal);
      let page;
      try {
        page = await withTimeout(doc.getPage(n), PAGE_TEXT_TIMEOUT_MS, 'page');
      } catch {
        continue;
      }
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const w = Math.round((x1 - x0) * PT_CM * 10) / 10;
      const h = Math.round((y1 - y0) * PT_CM * 10) / 10;
      const last = pageSetups[pageSetups.length - 1];
      if (!last || last.widthCm !== w || last.heightCm !== h) pageSetups.push({ page: n, widthCm: w, heightCm: h });
      try {
        const ops = await withTimeout(page.getOperatorList(), PAGE_TEXT_TIMEOUT_MS, 'operators');
        let fill = '000000';
        const stack: string[] = [];
        let text = '';
        const flush = () => {
          const t = text.replace(/\s+/g, '');
          if (t && !isBlackish(fill)) colours.add(fill, t.length, { page: n, excerpt: text.trim().slice(0, 40) });
          text = '';
        };
        for (let i = 0; i < ops.fnArray.length; i++) {
          const fn = ops.fnArray[i]!;
          const args = (ops.argsArray[i] ?? []) as unknown[];
          if (fn === OPS.save) stack.push(fill);
          else if (fn === OPS.restore) fill = stack.pop() ?? fill;
          else if (fn === OPS.setFillRGBColor) {
            const c = colourOf(args);
            if (c && c !== fill) {
              flush();
              fill = c;
            }
          } else if (fn === OPS.setFillGray) {
            if (fill !== '000000') flush();
            fill = '000000';
          } else if (fn === OPS.showText || fn === OPS.showSpacedText) {
            for (const g of (args[0] ?? []) as (Glyph | number)[]) if (g && typeof g === 'object' && g.unicode) text += g.unicode;
          } else if (fn === OPS.nextLine || fn === OPS.endText) {
            flush();
          } else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) images.push({ page: n });
        }
        flush();
      } catch (e) {
        throwIfAborted(opts.signal);
        if (mapPdfError(e).code === 'ENCRYPTED') throw mapPdfError(e);
      }
      try {
        const tc = await withTimeout(page.getTextContent(), PAGE_TEXT_TIMEOUT_MS, 'text');
        for (const it of tc.items as { str?: string; transform?: number[]; fontName?: string }[]) {
          const t = (it.str ?? '').replace(/\s+/g, '');
          if (!t || !it.transform) continue;
          let name = it.fontName ?? '';
          try {
            const obj = name && page.commonObjs.has(name) ? (page.commonObjs.get(name) as { name?: string }) : null;
            if (obj?.name) name = obj.name;
          } catch {
            /* a font not loaded: its id stands */
          }
          const spot = { page: n, excerpt: (it.str ?? '').trim().slice(0, 40) };
          if (name && !/^g_d\d+_f\d+$/.test(name)) fonts.add(fontFace(name), t.length, spot);
          const size = Math.round(Math.hypot(it.transform[2]!, it.transform[3]!) * 2) / 2;
          if (size > 0) sizes.add(String(size), t.length, spot);
        }
      } catch {
        throwIfAborted(opts.signal);
      }
      page.cleanup();
    }
    return {
      type: 'pdf',
      pages: doc.numPages,
      pagesKnown: true,
      fonts: fonts.list(),
      sizes: sizes.list(),
      colours: colours.list(),
      spacings: [],
      headersFooters: [],
      pageSetups,
      images,
      properties,
      reviewers: [],
    };
  } finally {
    await doc.destroy().catch(() => {});
  }
}
