import type { RepositoryFile } from '@btz/shared';
import { repositoryCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';

export type { RepositoryFile, RepositoryPassage, RepositorySearchResult, RepositorySuggestion } from '@btz/shared';

export const repositoryKeys = {
  all: ['repository'] as const,
  files: (current: number, size: number) => ['repository', 'files', current, size] as const,
  search: (keyword: string) => ['repository', 'search', keyword] as const,
  suggest: (bidId: string, nodeId: string) => ['repository', 'suggest', bidId, nodeId] as const,
};

/** The screens show errors in place. */
const quiet = { repeatSubmit: false, silent: true } as const;
const multipart = { ...quiet, headers: { 'Content-Type': 'multipart/form-data' } };

export const ACCEPT_PAST_BID = '.docx,.pdf';

export const listRepositoryFiles = (current: number, size: number) => callApi(repositoryCalls.list, { query: { current, size } }, quiet);
export const searchRepository = (keyword: string) => callApi(repositoryCalls.search, { query: { keyword, size: 20 } }, quiet);
export const retryRepositoryFile = (id: string) => callApi(repositoryCalls.retry, { query: { id } }, quiet);
export const deleteRepositoryFile = (id: string) => callApi(repositoryCalls.delete, { query: { id } }, quiet);
export const suggestPassages = (bidId: string, nodeId: string) => callApi(repositoryCalls.suggest, { query: { id: bidId, nodeId } }, quiet);
export const pickPassage = (bidId: string, nodeId: string, passageId: string, pick: 'pin' | 'exclude' | 'none') =>
  callApi(repositoryCalls.pick, { query: { id: bidId, nodeId, passageId, pick } }, quiet);

export function uploadPastBid(file: File, onProgress?: (percent: number) => void): Promise<RepositoryFile> {
  const form = new FormData();
  form.append('file', file);
  return callApi(repositoryCalls.upload, { body: form }, {
    ...multipart,
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
}

/** Splits text at the searched words (case-insensitive), marking each occurrence. */
export function highlightParts(text: string, terms: string[]): { text: string; hit: boolean }[] {
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!words.length) return [{ text, hit: false }];
  const re = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return text
    .split(re)
    .filter(Boolean)
    .map((s) => ({ text: s, hit: words.some((w) => w.toLowerCase() === s.toLowerCase()) }));
}
