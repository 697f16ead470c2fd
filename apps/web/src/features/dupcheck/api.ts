import { useQuery } from '@tanstack/react-query';
import { dupcheckCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { downloadFile } from '../../api/download';

export type { DupCheckDetail, DupCheckSummary, DupPairResult, DupReport, DupRisk } from '@btz/shared';

export const dupKeys = {
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

/** A check, polled every second while it runs. */
export function useCheck(id: string) {
  return useQuery({
    queryKey: dupKeys.detail(id),
    queryFn: () => fetchCheck(id),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'queued' || q.state.data.state === 'running') ? 1000 : false),
  });
}
