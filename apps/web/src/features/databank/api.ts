import type { DataDocDraft, DataDocFields, DataDocItem, DataDocType } from '@btz/shared';
import { databankCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { http } from '../../api/request';

export type { DataDocDraft, DataDocFields, DataDocItem } from '@btz/shared';

export const dataKeys = {
  all: ['databank'] as const,
  list: (q: DataListQuery) => ['databank', 'list', q] as const,
  tags: ['databank', 'tags'] as const,
};

export interface DataListQuery {
  current: number;
  size: number;
  keyword?: string;
  type?: string;
  tag?: string;
  expiring?: number;
}

/** The screens show errors in place. */
const quiet = { repeatSubmit: false, silent: true } as const;

export const listDataDocs = (q: DataListQuery) =>
  callApi(databankCalls.list, {
    query: { ...q, keyword: q.keyword || undefined, type: (q.type || undefined) as DataDocFields['type'] | undefined, tag: q.tag || undefined },
  }, quiet);
export const fetchDataTags = () => callApi(databankCalls.tags, {}, quiet);
export const saveDataDoc = (id: string, body: DataDocFields): Promise<DataDocItem> => callApi(databankCalls.save, { query: { id }, body }, quiet);
export const deleteDataDoc = (id: string) => callApi(databankCalls.delete, { query: { id } }, quiet);

export function uploadDataDoc(file: File, onProgress?: (percent: number) => void): Promise<DataDocDraft> {
  const form = new FormData();
  form.append('file', file);
  return callApi(databankCalls.upload, { body: form }, {
    ...quiet,
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
}

/** A draft as the server has it now (its reading queued, running, or done with the proposed fields). */
export const fetchDataDraft = (id: string): Promise<DataDocDraft> => callApi(databankCalls.draft, { query: { id } }, quiet);

/** How often the upload screen asks whether the reading of a draft has ended. */
export const DRAFT_POLL_MS = 1500;

/** The draft once its reading ended (polled); rejects when `signal` fires (the screen was left). */
export async function waitForReading(draft: DataDocDraft, signal: AbortSignal): Promise<DataDocDraft> {
  let d = draft;
  while (d.readState === 'queued' || d.readState === 'running') {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, DRAFT_POLL_MS);
      signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
    });
    d = await fetchDataDraft(d.id);
  }
  return d;
}

/** The document's file (the call needs the login header, so previews use an object URL of the blob). */
export async function fetchDataFile(id: string): Promise<Blob> {
  const res = await http.post<Blob>(databankCalls.file.path, undefined, { params: { id }, responseType: 'blob', repeatSubmit: false, silent: true });
  return res.data;
}

/** 「从资料库插入」: the data-bank content for a section (of the types it asks for, or of `types`). */
export const fetchSectionMaterial = (q: { bidId: string; nodeId: string; types?: DataDocType[]; figureStart?: number }) =>
  callApi(databankCalls.section, { query: { bidId: q.bidId, nodeId: q.nodeId, types: q.types ? (q.types.join(',') as never) : undefined, figureStart: q.figureStart ?? 1 } }, quiet);

export const ACCEPT_DATA = '.pdf,.docx,.png,.jpg,.jpeg,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/png,image/jpeg';
/** the server's DATA_MAX_BYTES */
export const DATA_MAX_BYTES = 30 * 1024 * 1024;
