import { LUMINANCE_THRESHOLD } from '../constants.js';

/** Relative luminance (0–1) of a `#rgb` / `#rrggbb` colour, per WCAG. */
export function luminance(hex: string): number {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  if (!/^[0-9a-fA-F]{6}$/.test(h)) throw new Error(`不是有效的颜色值：${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Spec §5: black text on light backgrounds, white on dark, threshold 0.5. */
export function textColorFor(background: string): '#000000' | '#ffffff' {
  return luminance(background) > LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
}
