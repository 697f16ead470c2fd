import type { PictureItem, PictureSaveResult } from '@btz/shared';
import { pictureCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { http } from '../../api/request';

export type { PictureExtraction, PictureExtractionItem, PictureExtractionSummary, PictureItem, PictureSaveResult } from '@btz/shared';

export const pictureKeys = {
  all: ['picture'] as const,
  list: (current: number, size: number, keyword: string, tag: string) => ['picture', 'list', current, size, keyword, tag] as const,
  tags: ['picture', 'tags'] as const,
  extraction: (id: string) => ['picture-extraction', id] as const,
  extractions: ['picture-extraction', 'list'] as const,
};

/** The screens show errors in place. */
const quiet = { repeatSubmit: false, silent: true } as const;
const multipart = { ...quiet, headers: { 'Content-Type': 'multipart/form-data' } };

export const listPictures = (query: { current: number; size: number; keyword?: string; tag?: string }) =>
  callApi(pictureCalls.list, { query: { ...query, keyword: query.keyword || undefined, tag: query.tag || undefined } }, quiet);
export const fetchPictureTags = () => callApi(pictureCalls.tags, {}, quiet);
export const updatePicture = (id: string, body: { name?: string; tags?: string[] }) => callApi(pictureCalls.update, { query: { id }, body }, quiet);
export const deletePicture = (id: string) => callApi(pictureCalls.delete, { query: { id } }, quiet);

export function uploadPicture(file: File, tags: string[]): Promise<PictureSaveResult> {
  const form = new FormData();
  form.append('file', file);
  if (tags.length) form.append('tags', tags.join(','));
  return callApi(pictureCalls.upload, { body: form }, multipart);
}

export function uploadForExtraction(file: File, onProgress?: (percent: number) => void): Promise<{ id: string }> {
  const form = new FormData();
  form.append('file', file);
  return callApi(pictureCalls.extractUpload, { body: form }, {
    ...multipart,
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
}
export const listExtractions = (current = 1, size = 10) => callApi(pictureCalls.extractList, { query: { current, size } }, quiet);
export const fetchExtraction = (id: string) => callApi(pictureCalls.extraction, { query: { id } }, quiet);
export const retryExtraction = (id: string) => callApi(pictureCalls.extractRetry, { query: { id } }, quiet);
export const saveExtracted = (id: string, indexes: number[], tags: string[]) =>
  callApi(pictureCalls.extractSave, { query: { id }, body: { indexes, tags } }, quiet);

/** A picture's bytes (the calls need the login header, so <img> gets an object URL of the blob). */
export type PictureSource = { kind: 'picture'; id: string; thumb: boolean } | { kind: 'extracted'; id: string; index: number; thumb: boolean };

export async function fetchPictureBlob(src: PictureSource): Promise<Blob> {
  const params =
    src.kind === 'picture'
      ? { id: src.id, thumb: src.thumb ? '1' : undefined }
      : { id: src.id, index: src.index, thumb: src.thumb ? '1' : undefined };
  const path = src.kind === 'picture' ? pictureCalls.file.path : pictureCalls.extractFile.path;
  const res = await http.post<Blob>(path, undefined, { params, responseType: 'blob', repeatSubmit: false, silent: true });
  return res.data;
}

export const ACCEPT_IMAGES = '.png,.jpg,.jpeg,.gif,.webp,.bmp,image/png,image/jpeg,image/gif,image/webp,image/bmp';
export const ACCEPT_EXTRACT = '.docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

export type { PictureItem as Picture };
