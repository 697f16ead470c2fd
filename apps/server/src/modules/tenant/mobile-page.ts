import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { mobilePage } from '../../lib/html.js';

/** Sends a phone page (QR confirm, sandbox payment) in the colours and name of the tenant the QR belongs to. */
export async function sendMobilePage(
  app: AppContext,
  reply: FastifyReply,
  tenantId: string,
  title: string,
  body: string,
  status = 200,
) {
  const t = await app.db.selectFrom('tenants').select('branding').where('id', '=', tenantId).executeTakeFirst();
  const b = (t?.branding ?? {}) as Record<string, string>;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(mobilePage({ title, brand: b.name ?? '标书AI', color: b.primaryColor ?? '#1f5eff', body }));
}
