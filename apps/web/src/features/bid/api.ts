import type { BidExport, BidOutlineNode, ExportFormat, PageSettings, TenderFileRole, ReportFormat } from '@btz/shared';
import { REPORT_TEXTS } from '@btz/shared';
import { bidCalls, writingCalls, type CallQueryIn } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { downloadFile } from '../../api/download';

export type {
  BidStatus,
  BidParseState as ParseState,
  BidDetail,
  BidFileInfo as BidFile,
  BidListItem as BidRecord,
  BidPageText as TenderPageText,
  BidOutlineResult as OutlineAnswer,
  OutlineImportResult,
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
  exports: (id: string) => ['bid', 'exports', id] as const,
  /** the section editor's own key (apps/web/src/features/bid/editor) */
  section: (id: string, nodeId: string) => ['bid-section', id, nodeId] as const,
};

/**
 * Every call is a POST under /api with the ids in the query string, defined once in `@btz/shared/calls` (bidCalls,
 * writingCalls). Callers that show errors in place pass `silent`.
 */
const quiet = { repeatSubmit: false, silent: true } as const;

export function uploadTender(
  input: { file: File; bidType: BidType; name?: string },
  onProgress?: (percent: number) => void,
): Promise<{ bidId: string }> {
  const form = new FormData();
  form.append('file', input.file);
  form.append('bidType', String(input.bidType));
  if (input.name?.trim()) form.append('name', input.name.trim());
  return callApi(bidCalls.uploadTender, { body: form }, {
    ...quiet,
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
}

export function addTenderFile(id: string, file: File, role: TenderFileRole): Promise<{ fileId: string }> {
  const form = new FormData();
  form.append('file', file);
  form.append('role', role);
  return callApi(bidCalls.addFile, { query: { id }, body: form }, {
    ...quiet,
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}

export const fetchBidDetail = (id: string) => callApi(bidCalls.detail, { query: { id } }, quiet);

export const fetchBidList = (params: { current: number; size: number; status?: string }) =>
  callApi(bidCalls.list, { query: params }, quiet);

export const retryParse = (id: string) => callApi(bidCalls.retryParse, { query: { id } }, quiet);
export const selectLot = (id: string, lot: string) => callApi(bidCalls.selectLot, { query: { id, lot } }, quiet);
export const renameBid = (id: string, name: string) => callApi(bidCalls.rename, { query: { id, name } }, quiet);
export const deleteBid = (id: string) => callApi(bidCalls.delete, { query: { id } }, quiet);

export const fetchTenderPage = (id: string, fileId: string, page: number) =>
  callApi(bidCalls.page, { query: { id, fileId, page } }, quiet);

export const downloadTenderFile = (id: string, fileId: string, name: string) =>
  downloadFile(`/api${bidCalls.file.path}`, name, { params: { id, fileId } satisfies CallQueryIn<typeof bidCalls.file> });

export const generateOutline = (id: string) => callApi(bidCalls.generateOutline, { query: { id } }, quiet);

export const saveOutline = (id: string, nodes: BidOutlineNode[]) =>
  callApi(bidCalls.saveOutline, { query: { id }, body: { nodes } }, quiet);

/** The user's own outline: a pasted numbered list, or a DOCX / TXT of headings (issue 24 item 4). */
export const importOutlineText = (id: string, text: string, totalChars?: number) =>
  callApi(bidCalls.importOutline, { query: { id }, body: { text, ...(totalChars ? { totalChars } : {}) } }, quiet);

export function importOutlineFile(id: string, file: File, totalChars?: number) {
  const form = new FormData();
  form.append('file', file);
  if (totalChars) form.append('totalChars', String(totalChars));
  return callApi(bidCalls.importOutlineFile, { query: { id }, body: form }, { ...quiet, headers: { 'Content-Type': 'multipart/form-data' } });
}

export const regenerateBranch = (id: string, nodeId: string) =>
  callApi(bidCalls.regenerateBranch, { query: { id, nodeId } }, quiet);

/* ---- writing (issue 6) ------------------------------------------------------------------------------------------- */

/** Starts one-click writing. Keeps the 1 s duplicate-submit guard; 5003 (no copies left) opens the purchase dialog. */
/** `again`: the start made by itself after a payment — not a double click, so the duplicate-submit guard lets it through
 *  even within a second of the refused start it follows */
export const startWriting = (id: string, again = false) =>
  callApi(writingCalls.start, { query: { id } }, { silent: true, ...(again ? { repeatSubmit: false } : {}) });
export const fetchWriteProgress = (id: string) => callApi(writingCalls.progress, { query: { id } }, quiet);
export const cancelWriting = (id: string) => callApi(writingCalls.cancel, { query: { id } }, { silent: true });

/** The stored health result (the server recomputes it when the bid changed since); `force` checks again now. */
export const checkHealth = (id: string, force = false) =>
  callApi(writingCalls.health, { query: force ? { id, force: '1' as const } : { id } }, quiet);

export const fetchPageSettings = (id: string) => callApi(writingCalls.pageSettingsGet, { query: { id } }, quiet);
export const savePageSettings = (id: string, settings: PageSettings) =>
  callApi(writingCalls.pageSettingsSave, { query: { id }, body: settings }, quiet);

export const finishBid = (id: string) => callApi(writingCalls.finish, { query: { id } }, { silent: true });

export type { BidExport, BidExportMessage, ExportFormat } from '@btz/shared';

/**
 * The bid's export is a job (issue 26): `startExport` answers at once with the export queued; `fetchExport` and the
 * realtime `bid.export` follow it; `downloadExport` saves its file once done (a blob from the URL, the server's name).
 */
export const startExport = (id: string, format: ExportFormat) => callApi(writingCalls.exportStart, { query: { id, format } }, quiet);
export const fetchExport = (id: string) => callApi(writingCalls.exportGet, { query: { id } }, quiet);
export const listExports = (bidId: string) => callApi(writingCalls.exportList, { query: { id: bidId } }, quiet);
export const downloadExport = (e: Pick<BidExport, 'id' | 'name'>) =>
  downloadFile(`/api${writingCalls.exportFile.path}`, e.name, { params: { id: e.id } satisfies CallQueryIn<typeof writingCalls.exportFile>, config: { timeout: 5 * 60_000 } });

/**
 * Downloads the tender analysis report (招标分析报告) as Word or Excel through the download helper (a blob from the URL,
 * saved under the server's Chinese file name). The server's refusals (still parsing …) are shown by the request client.
 */
export const downloadAnalysisReport = (id: string, format: ReportFormat, projectName: string) =>
  downloadFile(`/api${writingCalls.analysisReport.path}`, REPORT_TEXTS.fileName(projectName, format), {
    params: { id, format } satisfies CallQueryIn<typeof writingCalls.analysisReport>,
    config: { timeout: 5 * 60_000 },
  });
