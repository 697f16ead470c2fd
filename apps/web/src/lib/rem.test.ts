import { describe, expect, it } from 'vitest';
import { remFor } from './rem';

describe('remFor (spec §2 layout scaling)', () => {
  it('scales width / 1920 × 16', () => {
    expect(remFor(1920, 1080)).toBe(16);
    expect(remFor(1440, 900)).toBe(12);
    expect(remFor(2560, 1440)).toBeCloseTo(21.333, 2);
  });
  it('uses a fixed 16 px when the window is at most 800 wide or 600 high', () => {
    expect(remFor(800, 1000)).toBe(16);
    expect(remFor(375, 812)).toBe(16);
    expect(remFor(1366, 600)).toBe(16);
    expect(remFor(801, 601)).toBeCloseTo(6.675, 3);
  });
});
