/**
 * IP 记录 (issue 15, `/workbench/tools/IpRecord`): the account's own record of sign-ins, uploads and exports — client IP
 * (the edge's, honouring only listed proxies), time and device — and the warning when bids of two different bidders were
 * exported from the same IP. Recorded where these happen: the token grant (modules/auth/login.ts), every upload read by
 * readUpload (marked there, recorded here once the call succeeded) and the file tools' upload, and the bid export.
 * A failure to record is logged and never fails the call it belongs to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { filetoolCalls } from '@btz/shared/calls';
import { bearerToken } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import '../../db/schema-filetools.js';
import { defineRoute } from '../../http/route.js';
import { uploadedName } from '../../http/upload.js';
import { newId } from '../../lib/ids.js';
import { deviceLabel } from './device.js';
import { insertIpRecord, ipWarnings, listIpRecords } from './repo.js';

export { deviceLabel } from './device.js';

export interface IpEvent {
  kind: 'login' | 'upload' | 'export';
  detail?: string;
  bidId?: string | null;
  /** the enterprise a bid was exported for (exports) */
  bidder?: string | null;
}

/** Adds a row for the user; never throws (a lost record is logged). */
export async function recordIp(
  app: AppContext,
  client: { ip: string; userAgent: string },
  who: { tenantId: string; userId: string },
  e: IpEvent,
): Promise<void> {
  const ua = client.userAgent.slice(0, 500);
  try {
    await insertIpRecord(app.db, {
      id: newId(),
      tenant_id: who.tenantId,
      user_id: who.userId,
      kind: e.kind,
      ip: client.ip || '',
      user_agent: ua,
      device: deviceLabel(ua),
      detail: (e.detail ?? '').slice(0, 300),
      bid_id: e.bidId ?? null,
      bidder: e.bidder?.trim() ? e.bidder.trim().slice(0, 200) : null,
    });
  } catch (err) {
    app.log.warn({ err }, 'ip record not written');
  }
}

/** The client of a request: its IP as the edge resolved it, its User-Agent. */
export function clientOf(req: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}

export function registerIpRecord(fastify: FastifyInstance, app: AppContext): void {
  // every upload read by readUpload, once its call succeeded (errors travel in a 200 body: the envelope says)
  fastify.addHook('onSend', async (req, _reply, payload) => {
    const filename = uploadedName(req);
    if (filename === undefined || typeof payload !== 'string' || !payload.includes('"success":true')) return payload;
    const token = bearerToken(req.headers['blade-auth']);
    const p = token ? app.tokens.decode(token) : null;
    if (p?.uid && p.tid === req.tenant.id) await recordIp(app, clientOf(req), { tenantId: req.tenant.id, userId: p.uid }, { kind: 'upload', detail: filename });
    return payload;
  });

  defineRoute(fastify, app, {
    call: filetoolCalls.ipRecords,
    handler: async ({ auth, query }) => listIpRecords(app.db, { tenantId: auth.tenantId, userId: auth.userId }, query),
  });
  defineRoute(fastify, app, {
    call: filetoolCalls.ipWarnings,
    handler: async ({ auth }) => ipWarnings(app.db, { tenantId: auth.tenantId, userId: auth.userId }),
  });
}
