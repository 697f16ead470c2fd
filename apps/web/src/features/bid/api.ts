import type {
  BidDetail,
  BidListItem,
  BidOutlineNode,
  BidOutlineResult,
  BidPageText,
  BidHealth,
  Page,
  PageSettings,
  TenderFileRole,
  WriteProgress,
  ReportFormat,
} from '@btz/shared';
import { REPORT_TEXTS } from '@btz/shared';
import { http, post, postParams } from '../../api/request';
import { downloadFile, fileNameFrom, saveBlob } from '../../api/download';

export type {
  BidStatus,
  BidParseState as ParseState,
  BidDetail,
  BidFileInfo as BidFile,
  BidListItem as BidRecord,
  BidPageText as TenderPageText,
  BidOutlineResult as OutlineAnswer,
  BidParseMessage,
} from '@btz/shared';
export type BidType = 1 | 2;

export const bidKeys = {
  all: ['bid'] as const,
  list: (current: number, size: number, status?: string) => ['bid', 'list', current, size, status ?? ''] as const,
  detail: (id: string) => ['bid', 'detail', id] as const,
  page: (id: string, fileId: string, page: number) => ['bid', 'page', id, fileId, page] as const,
  progress: (id: string) => ['bid', 'write-progress', id] as const,
  health: (id: string) => ['bid', 'health', id] as const,
  pageSettings: (id: string) => ['bid', 'page-settings', id] as const,
  /** the section editor's own key (apps/web/src/features/bid/editor) */
  section: (id: string, nodeId: string) => ['bid-section', id, nodeId] as const,
};

/** Every call is a POST under /api with the ids in the query string. Callers that show errors in place pass `silent`. */
const quiet = { repeatSubmit: false, silent: true } as const;

export function uploadTender(
  input: { file: File; bidType: BidType; name?: string },
  onProgress?: (percent: number) => void,
): Promise<{ bidId: string }> {
  const form = new FormData();
  form.append('file', input.file);
  form.append('bidType', String(input.bidType));
  if (input.name?.trim()) form.append('name', input.name.trim());
  return http
    .post<{ bidId: string }>('/btz/bid/upload-tender', form, {
      ...quiet,
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    })
    .then((r) => r.data);
}

export function addTenderFile(id: string, file: File, role: TenderFileRole): Promise<{ fileId: string }> {
  const form = new FormData();
  form.append('file', file);
  form.append('role', role);
  return http
    .post<{ fileId: string }>('/btz/bid/add-file', form, {
      ...quiet,
      params: { id },
      headers: { 'Content-Type': 'multipart/form-data' },
    })
    .then((r) => r.data);
}

export const fetchBidDetail = (id: string) => postParams<BidDetail>('/btz/bid/detail', { id }, quiet);

export const fetchBidList = (params: { current: number; size: number; status?: string }) =>
  postParams<Page<BidListItem>>('/btz/bid/list', params, quiet);

export const retryParse = (id: string) => postParams<unknown>('/btz/bid/retry-parse', { id }, quiet);
export const selectLot = (id: string, lot: string) => postParams<unknown>('/btz/bid/select-lot', { id, lot }, quiet);
export const renameBid = (id: string, name: string) => postParams<unknown>('/btz/bid/rename', { id, name }, quiet);
export const deleteBid = (id: string) => postParams<unknown>('/btz/bid/delete', { id }, quiet);

export const fetchTenderPage = (id: string, fileId: string, page: number) =>
  postParams<BidPageText>('/btz/bid/page', { id, fileId, page }, quiet);

export const downloadTenderFile = (id: string, fileId: string, name: string) =>
  downloadFile('/api/btz/bid/file', name, { params: { id, fileId } });

export const generateOutline = (id: string) => postParams<BidOutlineResult>('/btz/bid/outline/generate', { id }, quiet);

export const saveOutline = (id: string, nodes: BidOutlineNode[]) =>
  post<BidOutlineResult>('/btz/bid/outline/save', { nodes }, { ...quiet, params: { id } });

export const regenerateBranch = (id: string, nodeId: string) =>
  postParams<BidOutlineResult>('/btz/bid/outline/regenerate', { id, nodeId }, quiet);

/* ---- writing (issue 6) ------------------------------------------------------------------------------------------- */

/** Starts one-click writing. Keeps the 1 s duplicate-submit guard; 5003 (no copies left) opens the purchase dialog. */
export const startWriting = (id: string) => postParams<WriteProgress>('/btz/bid/write/start', { id }, { silent: true });
export const fetchWriteProgress = (id: string) => postParams<WriteProgress>('/btz/bid/write/progress', { id }, quiet);
export const cancelWriting = (id: string) => postParams<WriteProgress>('/btz/bid/write/cancel', { id }, { silent: true });

export const checkHealth = (id: string) => postParams<BidHealth>('/btz/bid/health', { id }, quiet);

export const fetchPageSettings = (id: string) => postParams<PageSettings>('/btz/bid/page-settings/get', { id }, quiet);
export const savePageSettings = (id: string, settings: PageSettings) =>
  post<PageSettings>('/btz/bid/page-settings', settings, { ...quiet, params: { id } });

export const finishBid = (id: string) => postParams<BidDetail>('/btz/bid/finish', { id }, { silent: true });

export type ExportFormat = 'docx' | 'pdf';

/**
 * Downloads the exported bid through the request client (its headers: Blade-Auth, tenant, client credentials) as a blob
 * and saves it under the server's file name. Errors are the caller's to show (the server's Chinese message, e.g. no PDF).
 */
export async function exportBid(id: string, format: ExportFormat, fallbackName: string): Promise<string> {
  const res = await http.post<Blob>('/btz/bid/export', undefined, {
    ...quiet,
    params: { id, format },
    responseType: 'blob',
    timeout: 10 * 60_000,
  });
  const name = fileNameFrom(res.headers['content-disposition'] as string | undefined, `${fallbackName}.${format}`);
  saveBlob(res.data, name);
  return name;
}

/**
 * Downloads the tender analysis report (招标分析报告) as Word or Excel through the download helper (a blob from the URL,
 * saved under the server's Chinese file name). The server's refusals (still parsing …) are shown by the request client.
 */
export const downloadAnalysisReport = (id: string, format: ReportFormat, projectName: string) =>
  downloadFile('/api/btz/bid/analysis-report', REPORT_TEXTS.fileName(projectName, format), {
    params: { id, format },
    config: { timeout: 5 * 60_000 },
  });
