import type { FastifyRequest } from 'fastify';

/**
 * What the request logger may write. Tokens, QR `tager`s, SMS keys and codes, tickets and passwords travel in query
 * strings (the spec's client sends the refresh grant as one) and in headers; a log is read by more people than the
 * ones allowed to log in as the user, so these are replaced by `[REDACTED]` before a line is written.
 */
const SECRET_PARAM = /token|passw|pwd|secret|tager|code|captcha|ticket|^key$|sign|auth|^data$/i;
const REDACTED = '[REDACTED]';

/** `/api/x?refresh_token=abc&grant_type=refresh_token` → `/api/x?refresh_token=%5BREDACTED%5D&grant_type=refresh_token` */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const k of new Set(params.keys())) {
    if (SECRET_PARAM.test(k)) {
      params.set(k, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** The `req` of Fastify's request lines, with the query string redacted (no headers, as before). */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Pino paths censored wherever a line carries request headers (a `req` or `headers` object logged by hand). */
export const REDACT_PATHS = [
  'authorization',
  'blade-auth',
  'captcha-code',
  'captcha-key',
  'cookie',
  'set-cookie',
  'wechatpay-signature',
].flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`]);
