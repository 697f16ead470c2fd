import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRESENCE_PING_MS, type BidPresence, type BidResult, type BidTeam, type SectionReview, type UserMessage } from '@btz/shared';
import { onRealtime } from '../../realtime';
import { assignSection, fetchActivity, fetchBidTeam, markResult, moveSection, reviewKeys, sendPresence, setDueDate, teamKeys, type ReviewMove } from './api';

/** Who is on the bid and what the caller may do there (null while loading or when it cannot be read). */
export function useBidTeam(bidId: string): BidTeam | null {
  const qc = useQueryClient();
  // a message about this bid (a section submitted, returned, approved, reopened) means its reviews changed
  useEffect(
    () =>
      onRealtime('bid.message', (msg) => {
        if ((msg.data as UserMessage | null)?.bidId === bidId) void qc.invalidateQueries({ queryKey: teamKeys.bid(bidId) });
      }),
    [bidId, qc],
  );
  return useQuery({ queryKey: teamKeys.bid(bidId), queryFn: () => fetchBidTeam(bidId), staleTime: 30_000 }).data ?? null;
}

/** May the caller edit this section? Until the rules are loaded: yes (the server refuses what it may not). */
export function canEditSection(team: BidTeam | null, nodeId: string): boolean {
  if (!team) return true;
  return (team.editable === '*' || team.editable.includes(nodeId)) && reviewOf(team, nodeId).state !== 'approved';
}

/** The section's review (待编写 without a due date when the server lists none). */
export function reviewOf(team: BidTeam | null, nodeId: string): SectionReview {
  return team?.reviews.find((r) => r.nodeId === nodeId) ?? { nodeId, state: 'todo', dueDate: '', note: '', byName: '', time: '' };
}

/** A review move, a due date, a result: each answers the bid's team view, which replaces the cached one. */
export function useReview(bidId: string) {
  const qc = useQueryClient();
  const done = async (t: BidTeam) => {
    // a read of the team view still in flight (a refetch when the window got focus, one a realtime message started)
    // was answered before this move and would land after it, putting back the old state: drop it first
    await qc.cancelQueries({ queryKey: teamKeys.bid(bidId) });
    qc.setQueryData(teamKeys.bid(bidId), t);
    void qc.invalidateQueries({ queryKey: teamKeys.activity(bidId) });
    void qc.invalidateQueries({ queryKey: reviewKeys.tasks });
  };
  return {
    move: useMutation({
      mutationFn: ({ nodeId, move, comment }: { nodeId: string; move: ReviewMove; comment?: string }) => moveSection(bidId, nodeId, move, comment),
      onSuccess: async (t, v) => {
        await done(t);
        // the returned comment joins the section's thread
        if (v.move === 'return') void qc.invalidateQueries({ queryKey: reviewKeys.comments(bidId, v.nodeId) });
      },
    }),
    due: useMutation({ mutationFn: ({ nodeId, dueDate }: { nodeId: string; dueDate: string }) => setDueDate(bidId, nodeId, dueDate), onSuccess: done }),
    result: useMutation({
      mutationFn: ({ result, date }: { result: BidResult | ''; date: string }) => markResult(bidId, result, date),
      onSuccess: async (t) => {
        await done(t);
        void qc.invalidateQueries({ queryKey: reviewKeys.winRate });
      },
    }),
  };
}

export function useAssign(bidId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, userId }: { nodeId: string; userId: string }) => assignSection(bidId, nodeId, userId),
    onSuccess: async (t) => {
      // (as a review move: a team read in flight would put back the old assignee)
      await qc.cancelQueries({ queryKey: teamKeys.bid(bidId) });
      qc.setQueryData(teamKeys.bid(bidId), t);
      void qc.invalidateQueries({ queryKey: teamKeys.activity(bidId) });
    },
  });
}

export function useBidActivity(bidId: string, enabled: boolean) {
  return useQuery({ queryKey: teamKeys.activity(bidId), queryFn: () => fetchActivity(bidId), enabled, staleTime: 0, refetchInterval: enabled ? 30_000 : false });
}

/**
 * Presence: tells the server which section the caller has open (now, on every change, and every PRESENCE_PING_MS; it
 * leaves when the page closes), and returns who has the bid open where, as the realtime `bid.presence` tells it.
 */
export function useBidPresence(bidId: string, nodeId: string | null): BidPresence['viewers'] {
  const [viewers, setViewers] = useState<BidPresence['viewers']>([]);
  useEffect(
    () =>
      onRealtime('bid.presence', (msg) => {
        const p = msg.data as BidPresence;
        if (p?.bidId === bidId) setViewers(p.viewers);
      }),
    [bidId],
  );
  useEffect(() => {
    const ping = () =>
      void sendPresence(bidId, nodeId ?? '').then(
        (p) => setViewers(p.viewers),
        () => undefined,
      );
    ping();
    const timer = window.setInterval(ping, PRESENCE_PING_MS);
    return () => window.clearInterval(timer);
  }, [bidId, nodeId]);
  useEffect(() => {
    const leave = () => void sendPresence(bidId, '', true).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [bidId]);
  return viewers;
}
