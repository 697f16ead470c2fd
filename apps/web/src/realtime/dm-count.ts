/**
 * The unread direct-message counter (spec §3 `dmCount`), kept live by `dm.count` pushes `{ count }`.
 * A tiny external store so the header re-renders on each push without a provider.
 */
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();

export function setDmCount(next: number): void {
  if (!Number.isFinite(next) || next === count) return;
  count = Math.max(0, Math.floor(next));
  for (const l of [...listeners]) l();
}

export const getDmCount = (): number => count;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Live unread direct-message count (0 when logged out). */
export function useDmCount(): number {
  return useSyncExternalStore(subscribe, getDmCount, getDmCount);
}
