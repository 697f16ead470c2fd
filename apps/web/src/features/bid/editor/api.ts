import type { AiAction, EditorJson } from '@btz/shared';
import { WRITE_TEXTS } from '@btz/shared';
import { writingCalls, type CallBodyIn, type CallQueryIn } from '@btz/shared/calls';
import { callApi } from '../../../api/call';
import { ApiError, isApiError, LOCAL_CODE } from '../../../api/ApiError';
import { handleBodyCode } from '../../../api/errorHandlers';
import { http } from '../../../api/request';
import { parseEnvelope, readTextStream } from './stream';

/** The workspace invalidates this key when the AI finishes a section. */
export const sectionKey = (bidId: string, nodeId: string) => ['bid-section', bidId, nodeId] as const;

/** The editor shows its own errors in place. */
const quiet = { repeatSubmit: false, silent: true } as const;

export const fetchSection = (bidId: string, nodeId: string) =>
  callApi(writingCalls.sectionGet, { query: { id: bidId, nodeId } }, quiet);

export const saveSection = (bidId: string, nodeId: string, body: { revision: number; doc: EditorJson }) =>
  callApi(writingCalls.sectionSave, { query: { id: bidId, nodeId }, body }, quiet);

/** The save was refused because the section changed since it was loaded (another window, or the AI). */
export const isStaleRevision = (e: unknown): boolean =>
  isApiError(e) && e.code === 400 && e.message === WRITE_TEXTS.staleRevision;

/**
 * `/btz/bid/section/ai`: streams the AI's text (`text/plain`, chunked) and calls `onText` with the text so far. Goes through
 * the request client with its `fetch` adapter and `responseType: 'stream'`, so the headers (client credentials, tenant,
 * `Blade-Auth`) and the HTTP error handling (401 logs out) are the client's own. A JSON answer is an error envelope: it is
 * handled like any other call's (5003 opens the purchase dialog) and rejects with an `ApiError` carrying the message.
 * Aborting `signal` stops the stream and resolves with the text so far.
 */
export async function streamAiAction(
  bidId: string,
  nodeId: string,
  body: { action: AiAction; text: string },
  onText: (textSoFar: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const res = await http.post<ReadableStream<Uint8Array> | string | null>(writingCalls.sectionAi.path, body satisfies CallBodyIn<typeof writingCalls.sectionAi>, {
    ...quiet,
    params: { id: bidId, nodeId } satisfies CallQueryIn<typeof writingCalls.sectionAi>,
    adapter: 'fetch',
    responseType: 'stream',
    signal,
    headers: { Accept: 'text/plain, application/json' },
  });
  const type = String(res.headers['content-type'] ?? '');
  const data = res.data;
  if (!data) return '';
  if (typeof data === 'string') {
    // no streaming support in this browser: the whole body at once
    return finish(type, data, onText);
  }
  if (/json/i.test(type)) {
    const text = await readTextStream(data, () => {});
    return finish(type, text, onText);
  }
  return readTextStream(data, (t) => onText(t), signal);
}

function finish(type: string, text: string, onText: (t: string) => void): string {
  const env = /json/i.test(type) || text.startsWith('{') ? parseEnvelope(text) : null;
  if (env) {
    if (env.code === 200) {
      const t = typeof env.data === 'string' ? env.data : '';
      onText(t);
      return t;
    }
    // the client's own handling: 401 logs out, 5003 opens the purchase dialog; silent: the panel shows the message
    handleBodyCode(env.code, env, { silent: true }, false);
  }
  onText(text);
  return text;
}

/** A thrown error's text for the panel. */
export function aiErrorText(e: unknown): string {
  if (isApiError(e)) return e.code === LOCAL_CODE.network && e.message === '请求已取消' ? '' : e.message;
  return 'AI 助手暂时无法使用，请稍后重试';
}

export { ApiError };

/** A section's history (issue 27): its entries, one entry's text with the diff to now, and a restore. */
export const fetchSectionHistory = (bidId: string, nodeId: string) =>
  callApi(writingCalls.sectionHistory, { query: { id: bidId, nodeId } }, quiet);

export const fetchSectionRevision = (bidId: string, nodeId: string, revisionId: string) =>
  callApi(writingCalls.sectionRevision, { query: { id: bidId, nodeId, revisionId } }, quiet);

export const restoreSectionRevision = (bidId: string, nodeId: string, revisionId: string, revision: number) =>
  callApi(writingCalls.sectionRestore, { query: { id: bidId, nodeId, revisionId }, body: { revision } }, quiet);

export const sectionHistoryKey = (bidId: string, nodeId: string) => ['bid-section-history', bidId, nodeId] as const;
