/** Times in responses: `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (CONVENTIONS.md Values) — the shared helper. */
export { formatShanghaiTime as formatTime, startOfShanghaiDay } from '@btz/shared';

export const secondsFromNow = (s: number, now = Date.now()) => new Date(now + s * 1000);
