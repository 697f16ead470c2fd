import type {
  BidDetail,
  BidListItem,
  BidOutlineNode,
  BidOutlineResult,
  BidPageText,
  Page,
  TenderFileRole,
} from '@btz/shared';
import { http, post, postParams } from '../../api/request';
import { downloadFile } from '../../api/download';

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
