import { DUPLICATE_PAYLOAD_CAP_BYTES, DUPLICATE_WINDOW_MS } from '@btz/shared';

/**
 * Spec §5 duplicate-submit guard: a post/put to the same path (query included) with an identical body within 1 s is
 * refused locally. Payloads of 5 MB or more are never compared (serialising them would cost more than it saves).
 */
const recent = new Map<string, number>();

/** Size in bytes of a request payload, and a string that identifies it (null when too big to compare). */
export function payloadFingerprint(data: unknown): { size: number; key: string | null } {
  if (data === undefined || data === null || data === '') return { size: 0, key: '' };
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    return { size: data.size, key: `blob:${data.size}:${data.type}` };
  }
  if (typeof FormData !== 'undefined' && data instanceof FormData) {
    let size = 0;
    const parts: string[] = [];
    data.forEach((value, name) => {
      if (typeof value === 'string') {
        size += value.length;
        parts.push(`${name}=${value}`);
      } else {
        size += value.size;
        parts.push(`${name}=file:${value.name}:${value.size}:${value.lastModified}`);
      }
    });
    return { size, key: size >= DUPLICATE_PAYLOAD_CAP_BYTES ? null : parts.join('&') };
  }
  if (data instanceof ArrayBuffer) return { size: data.byteLength, key: null };
  const text = typeof data === 'string' ? data : safeJson(data);
  const size = new Blob([text]).size;
  return { size, key: size >= DUPLICATE_PAYLOAD_CAP_BYTES ? null : text };
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

/** True when this submit repeats one made within the window; otherwise records it. */
export function isDuplicateSubmit(method: string, path: string, data: unknown, now = Date.now()): boolean {
  const m = method.toLowerCase();
  if (m !== 'post' && m !== 'put') return false;
  const { key } = payloadFingerprint(data);
  if (key === null) return false;
  for (const [k, t] of recent) if (now - t >= DUPLICATE_WINDOW_MS) recent.delete(k);
  const id = `${m} ${path}\n${key}`;
  const last = recent.get(id);
  if (last !== undefined && now - last < DUPLICATE_WINDOW_MS) return true;
  recent.set(id, now);
  return false;
}

/** For tests. */
export function resetDuplicateGuard(): void {
  recent.clear();
}
