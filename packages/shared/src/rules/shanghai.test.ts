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

  it('agrees with the zone database itself at any instant, summer-time years (1986–1991) and milliseconds included', () => {
    // the oracle: Intl's own formatter for the zone, asked directly (the module keeps an offset per quarter hour)
    const oracle = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const direct = (d: Date) => {
      const p = Object.fromEntries(oracle.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1980, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    for (let i = 0; i < 3000; i++) {
      const d = new Date(Math.floor(from + next() * (to - from)));
      expect(formatShanghaiTime(d), d.toISOString()).toBe(direct(d));
    }
    // each hour around China's summer-time switches (1986-05-04 02:00 → 03:00, 1986-09-14 02:00 → 01:00)
    for (const day of [Date.UTC(1986, 4, 3, 12), Date.UTC(1986, 8, 13, 12)]) {
      for (let m = 0; m < 24 * 60; m += 7) {
        const d = new Date(day + m * 60_000 + 999);
        expect(formatShanghaiTime(d), d.toISOString()).toBe(direct(d));
      }
    }
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
