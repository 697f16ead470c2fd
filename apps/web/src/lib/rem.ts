import { LAYOUT } from '@btz/shared';

/**
 * Spec §2 / §9 layout scaling: html font-size = width / 1920 × 16, recomputed on resize; a window of width ≤ 800 or
 * height ≤ 600 uses a fixed 16 px (CONVENTIONS.md), so phones stay readable.
 */
export function remFor(width: number, height: number): number {
  if (width <= LAYOUT.smallWidth || height <= LAYOUT.smallHeight) return LAYOUT.baseFontPx;
  return (width / LAYOUT.referenceWidth) * LAYOUT.baseFontPx;
}

export function startRemScaling(): () => void {
  const apply = () => {
    const px = remFor(window.innerWidth, window.innerHeight);
    document.documentElement.style.fontSize = `${Math.round(px * 100) / 100}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
  return () => {
    window.removeEventListener('resize', apply);
    window.removeEventListener('orientationchange', apply);
  };
}
