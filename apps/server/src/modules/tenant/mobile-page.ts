import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { mobilePage } from '../../lib/html.js';
import { brandingOfTenant } from './repo.js';

/**
 * The Content-Security-Policy of a phone page: nothing loads or runs but its own nonce'd style sheet, forms post only
 * here, and no site may frame it — the pages confirm a payment, a login or a WeChat binding with one tap, which a
 * framing page could trick a visitor into (clickjacking). X-Frame-Options says the same to browsers without CSP 2.
 */
export function mobilePageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sends a phone page (QR confirm, sandbox payment) in the colours and name of the tenant the QR belongs to. */
export async function sendMobilePage(
  app: AppContext,
  reply: FastifyReply,
  tenantId: string,
  title: string,
  body: string,
  status = 200,
) {
  const t = await brandingOfTenant(app.db, tenantId);
  const b = (t?.branding ?? {}) as Record<string, string>;
  const nonce = randomBytes(16).toString('base64');
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', mobilePageCsp(nonce))
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      // the URL holds the QR's tager or the order number: never hand it to another site
      .header('referrer-policy', 'no-referrer')
      .send(mobilePage({ title, brand: b.name ?? '标书AI', color: b.primaryColor ?? '#1f5eff', body, nonce }))
  );
}
