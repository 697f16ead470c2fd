import { describe, expect, it } from 'vitest';
import { formatTime } from './time';

describe('formatTime', () => {
  it('shows server times to the minute, as written (no time-zone shift)', () => {
    expect(formatTime('2026-12-18 09:30:59')).toBe('2026-12-18 09:30');
    expect(formatTime('2026-12-18T23:59:01+08:00')).toBe('2026-12-18 23:59');
  });
  it('says — for nothing and keeps what it cannot read', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime('')).toBe('—');
    expect(formatTime('长期')).toBe('长期');
  });
});
