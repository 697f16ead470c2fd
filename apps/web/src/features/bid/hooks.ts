import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BidOutlineNode, CoverageEntry, SectionState, WriteProgress } from '@btz/shared';
import { onRealtime } from '../../realtime';
import { isApiError } from '../../api/ApiError';
import { refreshHealthSoon } from './health';
import { bidKeys, fetchBidDetail, regenerateBranch, saveOutline, type BidDetail, type BidParseMessage, type OutlineAnswer } from './api';
import type { EditResult } from './outline';
import { fetchWriteProgress } from './api';
import { applyDelta, dropBuffer, mergeProgress, withSectionState, type LiveBuffers } from './writing';

/** Polling of the detail while a parse runs: the fallback when no realtime message arrives. */
export const PARSE_POLL_MS = 2000;
/** Quiet time after the last hand edit before the outline is saved. */
export const AUTOSAVE_MS = 1500;

export const isParsing = (bid: Pick<BidDetail, 'parse' | 'files'> | null | undefined): boolean =>
  !!bid &&
  (bid.parse?.state === 'queued' ||
    bid.parse?.state === 'running' ||
    (bid.files ?? []).some((f) => f.state === 'parsing'));

/** An error's Chinese text for the screen (the server's message when it gave one). */
export function errorText(e: unknown, fallback = '操作失败，请稍后重试'): string {
  if (isApiError(e)) return e.message || fallback;
  if (e instanceof Error && /[\u4e00-\u9fa5]/.test(e.message)) return e.message;
  return fallback;
}

/**
 * The bid, live: polled every 2 s while it is being parsed, and patched at once by realtime `bid.parse` messages (the
 * detail is re-read when a parse ends).
 */
export function useBidDetail(id: string) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: bidKeys.detail(id),
    queryFn: () => fetchBidDetail(id),
    enabled: !!id,
    staleTime: 0,
    refetchInterval: (q) => (isParsing(q.state.data) ? PARSE_POLL_MS : false),
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    if (!id) return;
    return onRealtime('bid.parse', (msg) => {
      const data = msg.data as Partial<BidParseMessage> | null;
      if (!data || String(data.bidId) !== id) return;
      qc.setQueryData<BidDetail>(bidKeys.detail(id), (old) =>
        old
          ? {
              ...old,
              parse: {
                ...old.parse,
                state: data.state ?? old.parse.state,
                progress: typeof data.progress === 'number' ? data.progress : old.parse.progress,
                stage: data.stage ?? old.parse.stage,
                error: data.error ?? old.parse.error,
              },
            }
          : old,
      );
      if (data.state === 'done' || data.state === 'failed') void qc.invalidateQueries({ queryKey: bidKeys.detail(id) });
    });
  }, [id, qc]);

  return query;
}

export type SaveState = 'saved' | 'dirty' | 'saving' | 'error';

export interface OutlineEditor {
  nodes: BidOutlineNode[];
  coverage: CoverageEntry[];
  saveState: SaveState;
  /** the server's refusal (validation errors in Chinese), shown above the tree */
  error: string | null;
  /** applies a hand edit; returns the error text when the edit was refused locally */
  apply: (result: EditResult) => string | null;
  /** saves now (explicit 保存, Ctrl+S) */
  save: () => Promise<boolean>;
  regenerate: (nodeId: string) => Promise<void>;
  regenerating: string | null;
  /** replaces the outline with the server's (after generate) */
  replace: (answer: OutlineAnswer) => void;
}

/**
 * The outline being edited: local state changed by hand edits, saved after 1.5 s of quiet (or at once with 保存). The
 * simple conflict-free model: the server's answer replaces the local state, unless the user edited again while the save
 * was in flight (then that newer state is saved next).
 */
export function useOutlineEditor(bid: BidDetail | undefined, readOnly: boolean): OutlineEditor {
  const qc = useQueryClient();
  const bidId = bid?.id ?? '';
  const [nodes, setNodes] = useState<BidOutlineNode[]>(() => bid?.outline ?? []);
  const [coverage, setCoverage] = useState<CoverageEntry[]>(() => bid?.coverage ?? []);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const [regenerating, setRegenerating] = useState<string | null>(null);
  const version = useRef(0); // bumped on every local edit
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const dirty = saveState === 'dirty' || saveState === 'error' || saveState === 'saving';

  // the server's outline (first load, generate, lot change, refetch) replaces ours when we hold no unsaved edit
  const serverOutline = bid?.outline;
  const serverCoverage = bid?.coverage;
  // (read through a ref: finishing a save must not bring back the server's copy by itself)
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (dirtyRef.current || serverOutline === undefined) return;
    setNodes(serverOutline ?? []);
    setCoverage(serverCoverage ?? []);
  }, [serverOutline, serverCoverage]);

  const storeAnswer = useCallback(
    (answer: OutlineAnswer) => {
      qc.setQueryData<BidDetail>(bidKeys.detail(bidId), (old) =>
        old ? { ...old, outline: answer.outline, coverage: answer.coverage, status: old.status === 'parsed' ? 'outlined' : old.status } : old,
      );
    },
    [qc, bidId],
  );

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (!bidId || readOnly) return false;
    if (inFlight.current) await inFlight.current;
    const sentVersion = version.current;
    setSaveState('saving');
    const run = (async () => {
      try {
        const answer = await saveOutline(bidId, nodesRef.current);
        setError(null);
        if (version.current === sentVersion) {
          setNodes(answer.outline);
          setCoverage(answer.coverage);
          setSaveState('saved');
        } else {
          setCoverage(answer.coverage);
          setSaveState('dirty');
          timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
        }
        storeAnswer(answer);
        // the mapping of scoring rows may have changed: the stored check is re-run on the next read
        refreshHealthSoon(qc, bidId);
        return true;
      } catch (e) {
        setError(errorText(e, '目录保存失败，请稍后重试'));
        setSaveState('error');
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, [bidId, readOnly, storeAnswer, qc]);

  const apply = useCallback(
    (result: EditResult): string | null => {
      if (readOnly) return null;
      if (!result.ok) return result.error;
      version.current += 1;
      setNodes(result.nodes);
      setSaveState('dirty');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
      return null;
    },
    [readOnly, save],
  );

  const replace = useCallback(
    (answer: OutlineAnswer) => {
      clearTimeout(timer.current);
      version.current += 1;
      setNodes(answer.outline);
      setCoverage(answer.coverage);
      setSaveState('saved');
      setError(null);
      storeAnswer(answer);
    },
    [storeAnswer],
  );

  const regenerate = useCallback(
    async (nodeId: string) => {
      if (!bidId || readOnly) return;
      // the server regenerates from the saved outline: save pending edits first
      if (saveState !== 'saved' && !(await save())) return;
      setRegenerating(nodeId);
      try {
        replace(await regenerateBranch(bidId, nodeId));
      } catch (e) {
        setError(errorText(e, '重新生成失败，请稍后重试'));
      } finally {
        setRegenerating(null);
      }
    },
    [bidId, readOnly, saveState, save, replace],
  );

  // leaving with unsaved edits: save them (fire and forget) and warn the browser
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (saveState === 'dirty' || saveState === 'saving') e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [saveState]);
  const saveRef = useRef(save);
  saveRef.current = save;
  const stateRef = useRef(saveState);
  stateRef.current = saveState;
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (stateRef.current === 'dirty') void saveRef.current();
    },
    [],
  );

  return { nodes, coverage, saveState, error, apply, save, regenerate, regenerating, replace };
}

/* ---- writing (issue 6) ------------------------------------------------------------------------------------------- */

/** Polling of write/progress while writing: the fallback when a realtime message is missed. */
export const WRITE_POLL_MS = 4000;

export interface WritingState {
  progress: WriteProgress | null;
  /** text streamed into sections being written, by node id */
  live: LiveBuffers;
  /** stores an answer of write/start, write/cancel or write/progress */
  setProgress: (p: WriteProgress) => void;
  refresh: () => void;
}

/**
 * The bid's writing, live: write/progress read on open (and every few seconds while writing, as a fallback), patched by
 * `bid.progress` / `bid.section` messages, with `bid.delta` text gathered per section in seq order. A status change the
 * messages report is written into the bid's detail (and the detail re-read).
 */
export function useWriting(bid: BidDetail): WritingState {
  const qc = useQueryClient();
  const id = bid.id;
  const key = bidKeys.progress(id);
  // an outlined bid may hold sections of a cancelled or failed writing: read its progress too
  const active = bid.status !== 'draft' && bid.status !== 'parsed' && !!bid.outline?.length;
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchWriteProgress(id),
    enabled: active,
    staleTime: 0,
    retry: false,
    refetchInterval: bid.status === 'writing' ? WRITE_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const [live, setLive] = useState<LiveBuffers>({});

  const statusRef = useRef(bid.status);
  statusRef.current = bid.status;

  const store = useCallback(
    (p: WriteProgress) => {
      qc.setQueryData<WriteProgress>(bidKeys.progress(id), p);
      if (p.status && p.status !== statusRef.current) {
        // writing ended (done, cancelled, failed): every open section re-reads its text and state
        if (statusRef.current === 'writing') {
          setLive({});
          void qc.invalidateQueries({ queryKey: ['bid-section', id] });
          // the server checked the bid as the run ended: read the new result
          refreshHealthSoon(qc, id, 0);
        }
        qc.setQueryData<BidDetail>(bidKeys.detail(id), (old) => (old ? { ...old, status: p.status } : old));
        void qc.invalidateQueries({ queryKey: bidKeys.detail(id) });
      }
    },
    [qc, id],
  );

  // a progress read by polling may change the status too
  useEffect(() => {
    if (query.data) store(query.data);
  }, [query.data, store]);

  useEffect(() => {
    const mine = (data: unknown): data is Record<string, unknown> =>
      !!data && typeof data === 'object' && String((data as { bidId?: unknown }).bidId) === id;
    const offProgress = onRealtime('bid.progress', (msg) => {
      if (!mine(msg.data)) return;
      store(mergeProgress(qc.getQueryData<WriteProgress>(bidKeys.progress(id)), msg.data as Partial<WriteProgress>));
    });
    const offDelta = onRealtime('bid.delta', (msg) => {
      if (!mine(msg.data)) return;
      const d = msg.data as { nodeId?: unknown; seq?: unknown; text?: unknown };
      const nodeId = String(d.nodeId ?? '');
      setLive((b) => applyDelta(b, { nodeId, seq: Number(d.seq), text: String(d.text ?? '') }));
      const p = qc.getQueryData<WriteProgress>(bidKeys.progress(id));
      if (p && nodeId) {
        const cur = p.sections.find((s) => s.nodeId === nodeId)?.state;
        if (cur !== 'writing') qc.setQueryData(bidKeys.progress(id), withSectionState(p, nodeId, 'writing'));
      }
    });
    const offSection = onRealtime('bid.section', (msg) => {
      if (!mine(msg.data)) return;
      const d = msg.data as { nodeId?: unknown; state?: unknown };
      const nodeId = String(d.nodeId ?? '');
      const state = String(d.state ?? '') as SectionState;
      if (!nodeId || !state) return;
      const p = qc.getQueryData<WriteProgress>(bidKeys.progress(id));
      if (p) qc.setQueryData(bidKeys.progress(id), withSectionState(p, nodeId, state));
      if (state !== 'writing') setLive((b) => dropBuffer(b, nodeId));
      // the editor re-reads the section: its text once written, its state otherwise
      if (state !== 'queued') void qc.invalidateQueries({ queryKey: bidKeys.section(id, nodeId) });
      void qc.invalidateQueries({ queryKey: bidKeys.progress(id) });
    });
    return () => {
      offProgress();
      offDelta();
      offSection();
    };
  }, [id, qc, store]);

  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: bidKeys.progress(id) }), [qc, id]);

  return { progress: query.data ?? null, live, setProgress: store, refresh };
}
