import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { CODE, ERROR_TOAST_S, TEXT } from '@btz/shared';
import { toast } from '../lib/feedback';
import { navigateTo } from '../lib/navigation';
import { openPurchase } from '../lib/events';
import { getToken } from '../lib/token';
import { ApiError, LOCAL_CODE } from './ApiError';
import { messageFor, NETWORK_ERROR_TEXT, serverMessage } from './messages';

/** The user store registers how a forced logout happens (spec §4: code 401 logs out and goes to /). */
let unauthorizedHandler: () => void = () => {};
let lastUnauthorized = 0;

export function setUnauthorizedHandler(fn: () => void): void {
  unauthorizedHandler = fn;
}

/** Many calls may fail with 401 at once: log out and tell the user once. */
function unauthorized(): void {
  const now = Date.now();
  if (now - lastUnauthorized < 3000) return;
  lastUnauthorized = now;
  unauthorizedHandler();
  navigateTo('/', { replace: true });
  toast.error(TEXT.loginExpired, ERROR_TOAST_S);
}

interface EnvelopeLike {
  code: number;
  msg?: string;
  data?: unknown;
}

export async function parseBlobEnvelope(blob: Blob): Promise<EnvelopeLike | null> {
  if (!/json/i.test(blob.type)) return null;
  try {
    const body = JSON.parse(await blob.text()) as Partial<EnvelopeLike>;
    return typeof body.code === 'number' ? (body as EnvelopeLike) : null;
  } catch {
    return null;
  }
}

/** Spec §8 body-code table. Always throws. */
export function handleBodyCode(code: number, body: unknown, config: AxiosRequestConfig, isBlob: boolean): never {
  const raw = serverMessage(body);
  const msg = messageFor(code, raw);
  const data = (body as { data?: unknown } | null)?.data ?? null;
  const quiet = Boolean(config.silent);
  switch (code) {
    case CODE.badRequest:
      if (!quiet) toast.error(msg, ERROR_TOAST_S);
      break;
    case CODE.unauthorized:
      unauthorized();
      break;
    case CODE.serverError:
      if (!quiet) toast.error(msg);
      break;
    case CODE.warning:
      if (!quiet) toast.warning(msg);
      break;
    case CODE.notAllowedHere:
      if (!quiet) {
        toast.error(msg);
        navigateTo('/workbench');
      }
      break;
    case CODE.insufficient:
      // the commerce feature listens and opens the purchase dialog, preset from data
      openPurchase((data as Record<string, unknown> | null) ?? {});
      if (isBlob && !quiet && raw) toast.error(raw);
      break;
    default:
      if (!quiet) toast.error(msg);
  }
  throw new ApiError(code === CODE.unauthorized ? TEXT.loginExpired : msg, code, data, !quiet);
}

async function bodyOf(error: AxiosError): Promise<unknown> {
  const data = error.response?.data;
  if (data instanceof Blob) {
    try {
      return JSON.parse(await data.text()) as unknown;
    } catch {
      return null;
    }
  }
  return data;
}

/** Spec §8 HTTP-level errors. Always rejects. */
export async function handleHttpError(error: unknown): Promise<never> {
  if (error instanceof ApiError) throw error;
  if (axios.isCancel(error)) throw new ApiError('请求已取消', LOCAL_CODE.network, null, true);
  if (!axios.isAxiosError(error)) throw error;
  const config: AxiosRequestConfig = error.config ?? {};
  const quiet = Boolean(config.silent);
  const say = (text: string, seconds?: number) => !quiet && toast.error(text, seconds);

  if (!error.response) {
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message);
    const text = timedOut ? TEXT.timeout : NETWORK_ERROR_TEXT;
    say(text);
    throw new ApiError(text, timedOut ? LOCAL_CODE.timeout : LOCAL_CODE.network, null, !quiet);
  }

  const status = error.response.status;
  const body = await bodyOf(error);
  const raw = serverMessage(body);

  // the token endpoint reads its own failure shape
  if (config.raw && body && typeof body === 'object' && 'error_description' in body && status !== 401) {
    throw new ApiError(raw ?? messageFor(status), status, body, false);
  }
  if (status === 401) {
    unauthorized();
    throw new ApiError(TEXT.loginExpired, status, body, true);
  }
  if (status === 400 || status === 5001) {
    const text = raw ?? messageFor(status);
    say(text, ERROR_TOAST_S);
    if (!quiet && getToken()) navigateTo('/workbench');
    throw new ApiError(text, status, body, !quiet);
  }
  if (status >= 10000) {
    const text = raw ?? messageFor(status);
    say(text, ERROR_TOAST_S);
    throw new ApiError(text, status, body, !quiet);
  }
  const text = messageFor(status, raw);
  say(text);
  throw new ApiError(text, status, body, !quiet);
}
