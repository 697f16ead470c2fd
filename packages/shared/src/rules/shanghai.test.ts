import { describe, expect, it } from 'vitest';
import {
  formatShanghaiTime,
  parseShanghaiTime,
  shanghaiInstant,
  shanghaiMinute,
  shanghaiRfc3339,
  shanghaiToday,
  startOfShanghaiDay,
  startOfShanghaiMonth,
} from './shanghai.js';

describe('Asia/Shanghai dates and times', () => {
  const late = new Date('2026-03-31T16:30:05Z'); // 00:30:05 on 1 April in Shanghai

  it('formats an instant on the Shanghai clock', () => {
    expect(formatShanghaiTime(late)).toBe('2026-04-01 00:30:05');
    expect(formatShanghaiTime('2026-03-31T15:59:59Z')).toBe('2026-03-31 23:59:59');
    expect(formatShanghaiTime(null)).toBe('');
    expect(formatShanghaiTime('nonsense')).toBe('');
    expect(shanghaiMinute(late)).toBe('2026-04-01 00:30');
    expect(shanghaiToday(late)).toBe('2026-04-01');
    expect(shanghaiToday(new Date('2026-03-17T16:30:00Z'))).toBe('2026-03-18');
    expect(shanghaiRfc3339(late)).toBe('2026-04-01T00:30:05+08:00');
  });

  it('finds the start of the day and of the month there', () => {
    expect(startOfShanghaiDay(late).toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(startOfShanghaiDay(new Date('2026-03-31T15:59:00Z')).toISOString()).toBe('2026-03-30T16:00:00.000Z');
    expect(startOfShanghaiMonth(late).toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(startOfShanghaiMonth(new Date('2026-03-31T15:59:00Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('reads a server time as Shanghai time', () => {
    expect(parseShanghaiTime('2026-04-01 00:30:05')).toBe(late.getTime());
    expect(parseShanghaiTime('2026-04-01 00:30')).toBe(late.getTime() - 5000);
    expect(parseShanghaiTime('2026-04-01T00:30:05')).toBe(late.getTime());
    expect(parseShanghaiTime('2026-04-01T00:30:05Z')).toBe(Date.parse('2026-03-31T16:30:05Z'));
    expect(parseShanghaiTime('')).toBeNaN();
    expect(shanghaiInstant(2026, 1, 1).toISOString()).toBe('2025-12-31T16:00:00.000Z');
    // every second of a day reads back as written
    for (let s = 0; s < 86_400; s += 3_607) {
      const t = Date.UTC(2026, 5, 30) + s * 1000;
      expect(parseShanghaiTime(formatShanghaiTime(new Date(t)))).toBe(t);
    }
  });
});
