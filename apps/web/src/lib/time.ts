import dayjs from 'dayjs';

/**
 * 「2026-12-18 09:30」: how every screen shows a time (DESIGN.md: minutes, no seconds). The server sends
 * `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (CONVENTIONS.md); '—' when empty, the value itself when unreadable.
 */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
    if (m) return `${m[1]} ${m[2]}`;
  }
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : String(value);
}
