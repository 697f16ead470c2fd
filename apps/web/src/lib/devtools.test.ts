import { describe, expect, it } from 'vitest';
import { devtoolsLikelyOpen, isBlockedShortcut } from './devtools';

const win = (ow: number, iw: number, oh: number, ih: number) => ({ outerWidth: ow, innerWidth: iw, outerHeight: oh, innerHeight: ih });
const key = (k: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  shiftKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('developer-tools size detector (spec §9: > 200 px)', () => {
  it('flags a panel docked at the side or the bottom', () => {
    expect(devtoolsLikelyOpen(win(1920, 1500, 1040, 950))).toBe(true);
    expect(devtoolsLikelyOpen(win(1920, 1920, 1040, 600))).toBe(true);
  });
  it('ignores ordinary browser chrome and exactly 200 px', () => {
    expect(devtoolsLikelyOpen(win(1920, 1920, 1040, 950))).toBe(false);
    expect(devtoolsLikelyOpen(win(1920, 1720, 1040, 950))).toBe(false);
  });
  it('ignores page zoom, which shrinks both directions', () => {
    expect(devtoolsLikelyOpen(win(1920, 1536, 1040, 760))).toBe(false);
  });
});

describe('blocked shortcuts', () => {
  it('blocks F12 and Ctrl+Shift+I/J/C/U', () => {
    expect(isBlockedShortcut(key('F12'))).toBe(true);
    for (const k of ['I', 'J', 'C', 'U', 'i', 'c']) expect(isBlockedShortcut(key(k, { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isBlockedShortcut(key('I', { metaKey: true, altKey: true }))).toBe(true);
  });
  it('leaves copying and other shortcuts alone', () => {
    expect(isBlockedShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key('v', { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key('S', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});
