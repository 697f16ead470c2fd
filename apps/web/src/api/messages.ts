import { STATUS_TEXT, TEXT } from '@btz/shared';

/** Texts of the request client that the spec describes without quoting (shown in Chinese, CONVENTIONS.md Texts). */
export const NETWORK_ERROR_TEXT = '网络连接异常，请检查网络后重试';

/** Spec §8 message source order: the code table, then the server's msg, then the default. */
export function messageFor(code: number, serverMsg?: unknown): string {
  if (code === 401) return TEXT.loginExpired;
  const table = STATUS_TEXT[code];
  if (table) return table;
  if (typeof serverMsg === 'string' && serverMsg.trim()) return serverMsg;
  return STATUS_TEXT.default;
}

/** The message a failed response body carries, whatever its shape (envelope, token endpoint, framework error). */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body.length < 300 ? body : undefined;
  const b = body as Record<string, unknown>;
  for (const k of ['msg', 'error_description', 'message']) {
    const v = b[k];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}
