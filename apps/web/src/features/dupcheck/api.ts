import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DupCheckDetail, DupCheckProgressMessage, DupCheckState, DupCheckSummary, Page } from '@btz/shared';
import { dupcheckCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { downloadFile } from '../../api/download';
import { onRealtime, useRealtimeState } from '../../realtime';

export type { DupCheckDetail, DupCheckSummary, DupPairResult, DupReport, DupRisk } from '@btz/shared';

export const dupKeys = {
  all: ['dupcheck'] as const,
  list: ['dupcheck', 'list'] as const,
  detail: (id: string) => ['dupcheck', 'detail', id] as const,
};

/** The screens show errors in place. */
const quiet = { repeatSubmit: false, silent: true } as const;
const multipart = { ...quiet, headers: { 'Content-Type': 'multipart/form-data' } };

export const createCheck = (name: string) => callApi(dupcheckCalls.create, { body: { name } }, quiet);
export function uploadCheckFile(id: string, role: 'bid' | 'tender', file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return callApi(dupcheckCalls.upload, { query: { id, role }, body: form }, {
    ...multipart,
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
}
export const startCheck = (id: string) => callApi(dupcheckCalls.start, { query: { id } }, quiet);
export const retryCheck = (id: string) => callApi(dupcheckCalls.retry, { query: { id } }, quiet);
export const deleteCheck = (id: string) => callApi(dupcheckCalls.delete, { query: { id } }, quiet);
export const listChecks = (current = 1, size = 10) => callApi(dupcheckCalls.list, { query: { current, size } }, quiet);
export const fetchCheck = (id: string) => callApi(dupcheckCalls.detail, { query: { id } }, quiet);
export const exportCheckXlsx = (id: string, name: string) => downloadFile(`/api${dupcheckCalls.exportXlsx.path}`, `查重报告-${name}.xlsx`, { params: { id } });

export const isRunning = (state: DupCheckState | undefined) => state === 'queued' || state === 'running';

/**
 * How often a screen polls while a check of its runs: the realtime push moves the bars, so the poll is only the fallback
 * — slow while the push is connected, every second while it is not.
 */
export function usePollMs(): number {
  return useRealtimeState() === 'connected' ? 5000 : 1000;
}

/**
 * Follows realtime `dupcheck.progress`: a running check's bar moves at once, in the list and in its detail (never
 * backwards: a slower poll answer may arrive late; a check started or retried elsewhere moves too, a done one never);
 * done or failed refetches the checks (the report, the risk, the error).
 */
export function useDupcheckPush(): void {
  const qc = useQueryClient();
  useEffect(
    () =>
      onRealtime('dupcheck.progress', (msg) => {
        const m = msg.data as DupCheckProgressMessage | null;
        if (!m?.checkId) return;
        if (m.state === 'done' || m.state === 'failed') {
          void qc.invalidateQueries({ queryKey: dupKeys.all });
          return;
        }
        const move = <T extends DupCheckSummary>(r: T): T =>
          r.id === m.checkId && r.state !== 'done' ? { ...r, state: m.state, progress: r.state === 'running' ? Math.max(r.progress, m.progress) : m.progress } : r;
        qc.setQueryData<DupCheckDetail>(dupKeys.detail(m.checkId), (old) => (old ? move(old) : old));
        qc.setQueriesData<Page<DupCheckSummary>>({ queryKey: dupKeys.list }, (old) => (old ? { ...old, records: old.records.map(move) } : old));
      }),
    [qc],
  );
}

/** A check, its progress pushed while it runs (`dupcheck.progress`) and polled as the fallback. */
export function useCheck(id: string) {
  useDupcheckPush();
  const pollMs = usePollMs();
  return useQuery({
    queryKey: dupKeys.detail(id),
    queryFn: () => fetchCheck(id),
    enabled: !!id,
    refetchInterval: (q) => (isRunning(q.state.data?.state) ? pollMs : false),
  });
}
