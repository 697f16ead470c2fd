import type { FileToolName, IpRecordKind } from '@btz/shared';
import { filetoolCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { downloadFile } from '../../api/download';

export type { FileToolName, FileToolRun, IpRecordItem, IpWarning } from '@btz/shared';

export const filetoolKeys = {
  all: ['filetools'] as const,
  list: (tools: string, current: number) => ['filetools', 'list', tools, current] as const,
  run: (id: string) => ['filetools', 'run', id] as const,
  ip: (kind: string, current: number) => ['iprecord', 'list', kind, current] as const,
  warnings: ['iprecord', 'warnings'] as const,
};

/** The screens show errors in place. */
const quiet = { repeatSubmit: false, silent: true } as const;
const multipart = { ...quiet, headers: { 'Content-Type': 'multipart/form-data' } };

export function startToolRun(tool: FileToolName, files: File[], onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('tool', tool);
  for (const f of files) form.append('file', f);
  return callApi(filetoolCalls.upload, { body: form }, { ...multipart, onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0) });
}
export const listToolRuns = (tools: FileToolName[], current: number, size = 10) => callApi(filetoolCalls.list, { query: { current, size, tools: tools.join(',') } }, quiet);
export const fetchToolRun = (id: string) => callApi(filetoolCalls.detail, { query: { id } }, quiet);
export const retryToolRun = (id: string) => callApi(filetoolCalls.retry, { query: { id } }, quiet);
export const deleteToolRun = (id: string) => callApi(filetoolCalls.delete, { query: { id } }, quiet);
export const downloadToolFile = (id: string, index: number, name: string) => downloadFile(`/api${filetoolCalls.file.path}`, name, { params: { id, index } });
export const downloadToolZip = (id: string, name: string) => downloadFile(`/api${filetoolCalls.zip.path}`, name, { params: { id } });

export const listIpRecords = (current: number, kind?: IpRecordKind, size = 20) => callApi(filetoolCalls.ipRecords, { query: { current, size, kind } }, quiet);
export const fetchIpWarnings = () => callApi(filetoolCalls.ipWarnings, {}, quiet);

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}
