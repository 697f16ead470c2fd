import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * PostgreSQL refuses the NUL character (0x00) in text, so a NUL that reaches SQL is an HTTP 500. It has no use in any
 * of our inputs: every call refuses it here, once, at the edge — query string, path parameters, JSON and form bodies
 * (keys too), the headers — with a 400 naming the field. Payloads decrypted later (Crypto-Type) and multipart parts
 * (read by the handler) are checked with `assertNoNul` where they are read.
 */
const NUL = '\u0000';
const MAX_DEPTH = 32;

/** The path of the first string (or key) holding a NUL, e.g. `images.1`, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || '请求内容' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (k.includes(NUL)) return p.replaceAll(NUL, '\\0');
    const found = findNul(v, p, depth + 1);
    if (found) return found;
  }
  return null;
}

export const nulMessage = (field: string) => `参数（${field}）含有不允许的空字符（\\0），请删除后重试`;

/** Throws the house 400 when `value` (a string, or an object read recursively) holds a NUL. */
export function assertNoNul(value: unknown, path = ''): void {
  const field = findNul(value, path);
  if (field) throw badRequest(nulMessage(field));
}

/** Headers name themselves: `请求头 Tenant-Id`. Node's HTTP parser refuses a raw NUL, but a proxy may not. */
function headerWithNul(headers: Record<string, unknown>): string | null {
  for (const [k, v] of Object.entries(headers)) if (findNul(v)) return `请求头 ${k}`;
  return null;
}

/**
 * `preValidation` runs after the body is parsed and before every handler. The token endpoint answers in its own
 * BladeX shape (CONVENTIONS.md Transport), every other call in the envelope (through the error handler).
 */
export function registerNulGuard(fastify: FastifyInstance, tokenPath: string): void {
  fastify.addHook('preValidation', async (req, reply) => {
    const field =
      findNul(req.params) ?? findNul(req.query) ?? findNul(req.body) ?? headerWithNul(req.headers as Record<string, unknown>);
    if (!field) return;
    if (req.url.split('?')[0] === tokenPath) {
      return reply.code(200).send({ success: false, error_code: 400, error_description: nulMessage(field) });
    }
    throw badRequest(nulMessage(field));
  });
}
