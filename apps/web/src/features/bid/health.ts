/**
 * The bid's stored health result on the web (issue 13 item 3): one query shared by the health panel and the coverage
 * view. The server answers the stored result while the bid is unchanged and recomputes it otherwise, so the client only
 * has to ask again after a change: section saves schedule a refresh (debounced — autosave saves every 1.5 s of quiet),
 * the end of a writing run and an outline save refresh it at once.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { BidHealth } from '@btz/shared';
import { bidKeys, checkHealth } from './api';

/** Quiet time after the last section save before the health result is asked for again. */
export const HEALTH_REFRESH_MS = 3000;

export function useBidHealth(bidId: string, enabled: boolean) {
  return useQuery<BidHealth>({
    queryKey: bidKeys.health(bidId),
    queryFn: () => checkHealth(bidId),
    enabled,
    staleTime: 10_000,
    retry: false,
  });
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Asks for the health result again `HEALTH_REFRESH_MS` after the last call for this bid (0: at once). */
export function refreshHealthSoon(qc: QueryClient, bidId: string, delayMs = HEALTH_REFRESH_MS): void {
  const prev = timers.get(bidId);
  if (prev) clearTimeout(prev);
  const run = () => {
    timers.delete(bidId);
    void qc.invalidateQueries({ queryKey: bidKeys.health(bidId) });
  };
  if (delayMs <= 0) run();
  else timers.set(bidId, setTimeout(run, delayMs));
}
