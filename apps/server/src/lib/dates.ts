/** Calendar dates (`YYYY-MM-DD`) as people in Asia/Shanghai (UTC+8, no DST) count them. */
const DAY = 86_400_000;

/** Today's date in Asia/Shanghai, `YYYY-MM-DD` (the one rule: @btz/shared shanghai.ts). */
export { shanghaiToday } from '@btz/shared';
/** The date `n` days after `date` (both `YYYY-MM-DD`). */
export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
