import { BID_CHECK_TEXTS, type BidCheckKind } from '@btz/shared';
import { bidCheckCalls, type CallQueryIn } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { downloadFile } from '../../api/download';

export type { AnonymityFixResult, BidCheckDetail, BidCheckFinding, BidCheckKind, BidCheckReport, BidCheckSummary, BidCheckTender } from '@btz/shared';

export const bidCheckKeys = {
  all: ['bidcheck'] as const,
  list: (kind: BidCheckKind | '', current: number) => ['bidcheck', 'list', kind, current] as const,
  detail: (id: string) => ['bidcheck', 'detail', id] as const,
  tenders: ['bidcheck', 'tenders'] as const,
};

/** The screens show errors in place. */
const quiet = { repeatSubmit: false, silent: true } as const;

export function uploadCheck(file: File, kind: BidCheckKind, bidId: string | null, onProgress?: (percent: number) => void): Promise<{ id: string }> {
  const form = new FormData();
  form.append('kind', kind);
  if (bidId) form.append('bidId', bidId);
  form.append('file', file);
  return callApi(bidCheckCalls.upload, { body: form }, {
    ...quiet,
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
}
export const checkWrittenBid = (bidId: string) => callApi(bidCheckCalls.checkBid, { query: { bidId } }, quiet);
export const listTenders = () => callApi(bidCheckCalls.tenders, {}, quiet);
export const listChecks = (current = 1, size = 10, kind?: BidCheckKind) => callApi(bidCheckCalls.list, { query: { current, size, kind } }, quiet);
export const fetchCheck = (id: string) => callApi(bidCheckCalls.detail, { query: { id } }, quiet);
export const retryCheck = (id: string) => callApi(bidCheckCalls.retry, { query: { id } }, quiet);
export const deleteCheck = (id: string) => callApi(bidCheckCalls.delete, { query: { id } }, quiet);
export const fixCheck = (id: string) => callApi(bidCheckCalls.fix, { query: { id } }, quiet);
export const downloadCheckXlsx = (id: string, fileName: string, kind: BidCheckKind) =>
  downloadFile(`/api${bidCheckCalls.export.path}`, BID_CHECK_TEXTS.fileName(fileName, kind), {
    params: { id } satisfies CallQueryIn<typeof bidCheckCalls.export>,
  });

export const ACCEPT_BID = '.docx,.pdf,.doc,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
