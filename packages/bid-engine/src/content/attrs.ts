/**
 * Attribute checks of the section editor's schema: which image sources, highlight colours and alignments
 * are let through. Every check returns the value to store or `undefined` (drop the attribute / mark / node): nothing is
 * ever repaired into a URL, so a value that is not plainly safe never reaches the editor or the export.
 */

/** Largest embedded image, in decoded bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Longest relative image URL. */
export const MAX_URL_LENGTH = 2048;
/** Longest image alt / title. */
export const MAX_IMAGE_LABEL = 200;

const TEXT_ALIGNS = new Set(['left', 'center', 'right', 'justify']);
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]*={0,2})$/;
const API_PATH = /^\/api\/[A-Za-z0-9\-._~%!$&()*+,;=:@/?#]*$/;

/**
 * `src` of an image: a base64 PNG / JPEG / GIF / WebP data URL of at most MAX_IMAGE_BYTES, or a same-origin `/api/...`
 * path (an uploaded file). Whitespace inside a data URL's base64 (line-wrapped pastes) is removed.
 */
export function safeImageSrc(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let src = value.trim();
  if (/^data:/i.test(src)) {
    if (src.length > MAX_IMAGE_BYTES * 2) return undefined; // far too long even with whitespace: do not scan it
    src = src.replace(/\s+/g, '');
    const m = DATA_IMAGE.exec(src);
    if (!m || !m[2]) return undefined;
    const bytes = Math.floor((m[2].length * 3) / 4) - (m[2].endsWith('==') ? 2 : m[2].endsWith('=') ? 1 : 0);
    return bytes <= MAX_IMAGE_BYTES ? src : undefined;
  }
  if (src.length > MAX_URL_LENGTH || !API_PATH.test(src) || src.startsWith('//')) return undefined;
  if (src.split(/[?#]/, 1)[0]!.split('/').some((seg) => seg === '..' || seg === '.')) return undefined;
  return src;
}

/** `textAlign` of a paragraph / heading. */
export function safeAlign(value: unknown): string | undefined {
  return typeof value === 'string' && TEXT_ALIGNS.has(value) ? value : undefined;
}

/** `color` of a highlight: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, stored lower-case. */
export function safeColor(value: unknown): string | undefined {
  return typeof value === 'string' && HEX_COLOR.test(value.trim()) ? value.trim().toLowerCase() : undefined;
}

/** An integer in [min, max], or undefined. */
export function intIn(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** A finite number in (0, max], or undefined (image width / height in pixels). */
export function sizeIn(value: unknown, max: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= max ? value : undefined;
}

/** A string cut to `max` characters, or undefined. */
export function label(value: unknown, max = MAX_IMAGE_LABEL): string | undefined {
  if (typeof value !== 'string') return undefined;
  return [...value].slice(0, max).join('');
}
