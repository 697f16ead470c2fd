import { DEVTOOLS, TEXT } from '@btz/shared';
import { isNonPcDevice, isQqOr360Browser } from './userAgent';

/**
 * Docked developer tools shrink the page in one direction only; browser zoom shrinks both — so a difference above the
 * threshold in exactly one direction counts (the rule the common devtools detectors use, spec §9: > 200 px).
 */
export function devtoolsLikelyOpen(
  w: Pick<Window, 'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight'> = window,
): boolean {
  const wide = w.outerWidth - w.innerWidth > DEVTOOLS.sizeThresholdPx;
  const tall = w.outerHeight - w.innerHeight > DEVTOOLS.sizeThresholdPx;
  return wide !== tall;
}

/** F12 and Ctrl+Shift+I/J/C/U (Cmd+Option on macOS) are blocked; Ctrl+C and friends stay allowed (copying is allowed). */
export function isBlockedShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  if (e.key === 'F12') return true;
  const key = e.key.toUpperCase();
  const combo = (e.ctrlKey && e.shiftKey) || (e.metaKey && e.altKey);
  return combo && ['I', 'J', 'C', 'U'].includes(key);
}

/**
 * Spec §9 developer-tools protection (production only, not with the `btz` bypass): a size detector every 1000 ms (not in QQ
 * or 360 browsers), a 500 ms library loop that stops after 5000 ms on non-PC devices, right-click and the developer
 * shortcuts blocked. When triggered: alert, then leave for '/'.
 */
export function startDevtoolsGuard(): () => void {
  let triggered = false;
  const trigger = () => {
    if (triggered) return;
    triggered = true;
    window.alert(TEXT.devtoolsForbidden);
    window.location.href = '/';
  };

  const onContextMenu = (e: MouseEvent) => e.preventDefault();
  const onKeyDown = (e: KeyboardEvent) => {
    if (isBlockedShortcut(e)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  window.addEventListener('contextmenu', onContextMenu, true);
  window.addEventListener('keydown', onKeyDown, true);

  const timers: ReturnType<typeof setInterval>[] = [];
  const skipSize = isQqOr360Browser();
  if (!skipSize) {
    timers.push(setInterval(() => devtoolsLikelyOpen() && trigger(), DEVTOOLS.detectorIntervalMs));
  }

  // the "library" loop: faster, and on phones/tablets only for the first seconds (their browser chrome varies)
  const started = Date.now();
  const mobile = isNonPcDevice();
  const lib = setInterval(() => {
    if (mobile && Date.now() - started >= DEVTOOLS.nonPcStopAfterMs) {
      clearInterval(lib);
      return;
    }
    if (!skipSize && devtoolsLikelyOpen()) trigger();
  }, DEVTOOLS.libraryIntervalMs);
  timers.push(lib);

  return () => {
    timers.forEach(clearInterval);
    window.removeEventListener('contextmenu', onContextMenu, true);
    window.removeEventListener('keydown', onKeyDown, true);
  };
}
