import axios, { AxiosHeaders, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE, REQUEST_TIMEOUT_MS, REQUESTED_WITH, TEXT } from '@btz/shared';
import { boot } from '../lib/boot';
import { getToken } from '../lib/token';
import { toast } from '../lib/feedback';
import { ApiError, LOCAL_CODE } from './ApiError';
import type { CryptoType } from './crypto';
import { isDuplicateSubmit } from './duplicate';
import { handleBodyCode, handleHttpError, parseBlobEnvelope } from './errorHandlers';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** send `Blade-Auth` when logged in (default true; false for login, send-code and other anonymous calls) */
    authorize?: boolean;
    /** apply the 1 s duplicate-submit guard to post/put (default true) */
    repeatSubmit?: boolean;
    /** encrypt the query string and body for this call (CONVENTIONS.md Transport) */
    crypto?: CryptoType;
    /** resolve the whole body, no envelope (the token endpoint) */
    raw?: boolean;
    /** the caller shows its own errors: no toasts, no navigation (a 401 still logs out) */
    silent?: boolean;
  }
}

/** Spec §7: base /api, timeout 5 minutes, client credentials, requested-with marker, tenant, bearer token. */
export const http = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { 'Content-Type': 'application/json;charset=UTF-8' },
});

function queryString(params: unknown): string {
  if (!params || typeof params !== 'object') return '';
  const usp = new URLSearchParams();
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    usp.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return usp.toString();
}

async function onRequest(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  const b = boot();
  const headers = AxiosHeaders.from(config.headers);
  if (b.clientAuth) headers.set('Authorization', `Basic ${b.clientAuth}`);
  headers.set('Blade-Requested-With', REQUESTED_WITH);
  if (!headers.has('Tenant-Id')) headers.set('Tenant-Id', b.tenantId);
  const token = getToken();
  if (config.authorize !== false && token) headers.set('Blade-Auth', `bearer ${token}`);

  if (config.repeatSubmit !== false) {
    const qs = queryString(config.params);
    const path = `${config.url ?? ''}${qs ? `?${qs}` : ''}`;
    if (isDuplicateSubmit(config.method ?? 'get', path, config.data)) {
      if (!config.silent) toast.warning(TEXT.duplicateSubmit);
      throw new ApiError(TEXT.duplicateSubmit, LOCAL_CODE.duplicate);
    }
  }

  if (config.crypto) {
    const { encrypt } = await import('./crypto');
    headers.set('Crypto-Type', config.crypto);
    const qs = queryString(config.params);
    if (qs) config.params = { data: encrypt(config.crypto, qs, b.crypto) };
    const isPlain = config.data !== undefined && !(config.data instanceof FormData) && !(config.data instanceof Blob);
    if (isPlain) {
      const text = typeof config.data === 'string' ? config.data : JSON.stringify(config.data);
      config.data = { data: encrypt(config.crypto, text, b.crypto) };
    }
  }
  config.headers = headers;
  return config;
}

async function onResponse(response: AxiosResponse): Promise<AxiosResponse> {
  const { config } = response;
  if (config.raw) return response;
  if (response.data instanceof Blob) {
    const envelope = await parseBlobEnvelope(response.data);
    if (envelope && envelope.code !== 200) handleBodyCode(envelope.code, envelope, config, true);
    return response;
  }
  const body: unknown = response.data;
  if (body && typeof body === 'object' && 'code' in body) {
    const env = body as { code: unknown; data?: unknown };
    const code = Number(env.code ?? 200);
    if (code !== 200) handleBodyCode(code, body, config, false);
    response.data = env.data ?? null;
  }
  return response;
}

http.interceptors.request.use(onRequest);
http.interceptors.response.use(onResponse, handleHttpError);

export type RequestConfig = Omit<AxiosRequestConfig, 'url' | 'method' | 'data'>;

/** POST with a JSON body; resolves the envelope's `data`. */
export async function post<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  const res = await http.post<T>(url, body, config);
  return res.data;
}

/** POST with the payload in the query string (spec §7 "params"); resolves the envelope's `data`. */
export async function postParams<T>(url: string, params?: object, config?: RequestConfig): Promise<T> {
  const res = await http.post<T>(url, undefined, { ...config, params });
  return res.data;
}

export async function put<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  const res = await http.put<T>(url, body, config);
  return res.data;
}
