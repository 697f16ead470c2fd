import { TEXT } from '@btz/shared';
import { openModal, toast } from '../lib/feedback';
import { http, type RequestConfig } from './request';
import { isApiError } from './ApiError';

/** File name from `Content-Disposition` (RFC 5987 `filename*` first). */
export function fileNameFrom(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ? decodeURIComponent(plain[1]) : fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Spec §7: files are downloaded from a URL as a blob, then saved. An /api URL goes through the request client (headers,
 * error catalogue, 5003); any other URL (a stored file) is fetched directly.
 */
export async function downloadFile(
  url: string,
  fileName: string,
  options: { params?: object; body?: unknown; config?: RequestConfig } = {},
): Promise<void> {
  try {
    const isApi = url.startsWith('/api/') || (!url.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(url));
    if (isApi) {
      const path = url.startsWith('/api/') ? url.slice(4) : url;
      const res = await http.post<Blob>(path, options.body, {
        ...options.config,
        params: options.params,
        responseType: 'blob',
        repeatSubmit: false,
      });
      const name = fileNameFrom(res.headers['content-disposition'] as string | undefined, fileName);
      saveBlob(res.data, name);
      return;
    }
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) {
      toast.error(TEXT.fileRequestFailed(res.status));
      throw new Error(TEXT.fileRequestFailed(res.status));
    }
    saveBlob(await res.blob(), fileNameFrom(res.headers.get('content-disposition'), fileName));
  } catch (e) {
    if (isApiError(e) && e.handled) throw e;
    if (!(e instanceof Error && e.message.startsWith('文件请求失败'))) {
      void openModal('error', { title: TEXT.systemNotice, content: TEXT.downloadFailed, okText: TEXT.confirm });
    }
    throw e;
  }
}
