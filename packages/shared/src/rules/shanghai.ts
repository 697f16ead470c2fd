/**
 * Dates and times in Asia/Shanghai (CONVENTIONS.md Values: times `YYYY-MM-DD HH:mm:ss`, calendar days, months): the one
 * place that knows the zone, used by the web, the engine and the server. Built on the platform's time-zone database
 * (Intl, from the ICU that Node and the browser ship: no download at run time), not on an offset added by hand.
 * dayjs's timezone plugin was measured and left out: its conversion builds a new formatter per call (~1 ms), and
 * `formatShanghaiTime` runs for every row of every list the server sends.
 */

export const SHANGHAI_TZ = 'Asia/Shanghai';

const WALL = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHANGHAI_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface Wall {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The Shanghai wall clock at `d`, read from the zone's database (one formatter call). */
function zoneWall(d: Date): Wall {
  const w = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of WALL.formatToParts(d)) if (p.type in w) w[p.type as keyof Wall] = p.value;
  return w;
}

/**
 * Shanghai's offset from UTC at `ms`, in ms (8 h; the zone's database decides). Asked of the database once per quarter
 * hour and kept: `formatToParts` was 3 % of a get-info's CPU, and every list row formats its times. (Offsets change at
 * whole hours in this zone's history, so a quarter hour never straddles a change.)
 */
const QUARTER_HOUR = 15 * 60_000;
const OFFSETS = new Map<number, number>();
function offsetAt(ms: number): number {
  const key = Math.floor(ms / QUARTER_HOUR);
  let off = OFFSETS.get(key);
  if (off === undefined) {
    const at = key * QUARTER_HOUR;
    const w = zoneWall(new Date(at));
    off = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second) - at;
    if (OFFSETS.size >= 4096) OFFSETS.clear();
    OFFSETS.set(key, off);
  }
  return off;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The Shanghai wall clock at `d` (to the second). */
function wall(d: Date): Wall {
  const ms = d.getTime();
  const w = new Date(Math.floor(ms / 1000) * 1000 + offsetAt(ms));
  return {
    year: String(w.getUTCFullYear()),
    month: two(w.getUTCMonth() + 1),
    day: two(w.getUTCDate()),
    hour: two(w.getUTCHours()),
    minute: two(w.getUTCMinutes()),
    second: two(w.getUTCSeconds()),
  };
}

/** The instant a Shanghai wall-clock time names (month 1–12). */
export function shanghaiInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return new Date(asUtc - offsetAt(asUtc));
}

/** `YYYY-MM-DD HH:mm:ss` in Shanghai (how every time travels in a response); '' for no date or an invalid one. */
export function formatShanghaiTime(d: Date | string | null | undefined): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) return '';
  const w = wall(date);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
}

/** `YYYY-MM-DD HH:mm` in Shanghai. */
export const shanghaiMinute = (now = new Date()): string => formatShanghaiTime(now).slice(0, 16);

/** Today in Shanghai, `YYYY-MM-DD` (expiry dates and deadlines are calendar days there). */
export const shanghaiToday = (now = new Date()): string => formatShanghaiTime(now).slice(0, 10);

/** `2026-05-01T12:00:00+08:00`: RFC 3339 with Shanghai's offset. */
export function shanghaiRfc3339(d: Date): string {
  const off = offsetAt(d.getTime()) / 60_000;
  const hm = `${String(Math.floor(Math.abs(off) / 60)).padStart(2, '0')}:${String(Math.abs(off) % 60).padStart(2, '0')}`;
  return `${formatShanghaiTime(d).replace(' ', 'T')}${off < 0 ? '-' : '+'}${hm}`;
}

/** Midnight at the start of `now`'s day in Shanghai. */
export function startOfShanghaiDay(now = new Date()): Date {
  const w = wall(now);
  return shanghaiInstant(+w.year, +w.month, +w.day);
}

/** Midnight at the start of `now`'s calendar month in Shanghai. */
export function startOfShanghaiMonth(now = new Date()): Date {
  const w = wall(now);
  return shanghaiInstant(+w.year, +w.month, 1);
}

/**
 * A server time `YYYY-MM-DD HH:mm[:ss]` (Shanghai) → epoch ms; another form is left to Date.parse; NaN for none.
 */
export function parseShanghaiTime(s: string | null | undefined): number {
  if (!s) return NaN;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(s);
  if (!m) return Date.parse(s);
  return shanghaiInstant(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)).getTime();
}
