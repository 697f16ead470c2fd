/**
 * A bid's export as a job (issue 26 item 3; docs/api.md "Export"). `startExport` checks what can be checked at once
 * (the bid is the caller's, it has an outline, PDF needs LibreOffice), records the IP 记录 of the export, writes a row
 * and queues the job (kind `bid-export`) — the call answers with the export queued. The job (job.ts) gathers the bid
 * as it is when it runs, builds the file in a worker process and stores it; the file is then downloaded by the row's id.
 * A second start of the same bid and format while one is queued or running answers with that one.
 */
import * as z from 'zod';
import { WRITE_TEXTS, type BidExport, type ExportFormat, type TenderCard } from '@btz/shared';
import { bidWords, findSoffice } from '@btz/bid-engine/export';
import type { AppContext } from '../../../context.js';
import type { AuthInfo } from '../../../auth/tokens.js';
import { badRequest } from '../../../http/errors.js';
import type { OpenedFile } from '../../../providers/storage/index.js';
import { jobPayload, queueRowJob } from '../../../jobs/index.js';
import { newId } from '../../../lib/ids.js';
import { formatTime } from '../../../lib/time.js';
import { loadEnterpriseFacts } from '../../enterprise/index.js';
import { factsWithBank } from '../../databank/qualify.js';
import { clientOf, recordIp } from '../../iprecord/index.js';
import type { BidRow } from '../repo.js';
import { deleteExports, exportsOfBid, findExport, insertExport, listExports, unfinishedExport, type ExportRow, type ExportScope } from './repo.js';
import { logActivity } from '../team/repo.js';
import type { FastifyRequest } from 'fastify';

export const EXPORT_KIND = 'bid-export';
/** the job's payload, version 1 (jobs/payload.ts) */
export const EXPORT_PAYLOAD = jobPayload(1, z.strictObject({ exportId: z.string().min(1) }));

const scopeOf = (auth: Pick<AuthInfo, 'tenantId' | 'userId'>): ExportScope => ({ tenantId: auth.tenantId, userId: auth.userId });

/**
 * The file name a user saves, named as the bid (issue 27), not the tender it answers: 「{project}-{投标文件|响应文件…}-{bidder}」
 * — the project from the tender card (else the bid's name), the document's word as the tender says it, the bidder from the
 * enterprise facts (left out when unknown); characters Windows refuses replaced.
 */
export function exportFileName(
  bid: Pick<BidRow, 'name' | 'card'>,
  bidder: string | undefined,
  format: ExportFormat,
): string {
  const card = (bid.card ?? {}) as Partial<TenderCard>;
  const pv = card.projectName?.value;
  const project = (typeof pv === 'string' ? pv : '').trim() || bid.name.trim() || '标书';
  const word = bidWords(card).doc;
  const parts = [project, word, bidder?.trim()].filter((x): x is string => !!x);
  return `${parts.join('-').replace(/[\\/:*?"<>|\r\n]/g, '_').slice(0, 150)}.${format}`;
}

export function presentExport(row: ExportRow): BidExport {
  return {
    id: row.id,
    bidId: row.bid_id,
    format: row.format,
    state: row.state,
    progress: row.progress,
    error: row.error,
    name: row.file_name,
    size: row.state === 'done' && row.file_size !== null ? Number(row.file_size) : null,
    createTime: formatTime(row.created_at),
    finishTime: row.finished_at ? formatTime(row.finished_at) : null,
  };
}

export async function startExport(app: AppContext, req: FastifyRequest, auth: AuthInfo, bid: BidRow, format: ExportFormat): Promise<BidExport> {
  if (!bid.outline || !bid.outline.length) throw badRequest(WRITE_TEXTS.noOutline);
  if (format === 'pdf' && !findSoffice()) throw badRequest(WRITE_TEXTS.noPdf);
  const scope = scopeOf(auth);
  const running = await unfinishedExport(app.db, scope, bid.id, format);
  if (running) return presentExport(running);
  const id = newId();
  const ent = await factsWithBank(app, bid, await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id }));
  await app.db.transaction().execute(async (trx) => {
    await insertExport(trx, { id, tenantId: bid.tenant_id, userId: auth.userId, bidId: bid.id, format, fileName: exportFileName(bid, ent.name, format) });
    await queueRowJob(app, trx, { table: 'bid_exports', kind: EXPORT_KIND, row: { id, tenant_id: bid.tenant_id, user_id: auth.userId }, payload: EXPORT_PAYLOAD.make({ exportId: id }) });
    await logActivity(trx, { bidId: bid.id, userId: auth.userId, action: 'export', detail: format.toUpperCase() });
  });
  app.jobs.poke();
  // IP 记录: who exported which bidder's bid from where (the same IP for two bidders is a warning)
  await recordIp(app, clientOf(req), auth, { kind: 'export', detail: `${bid.name}（${format.toUpperCase()}）`, bidId: bid.id, bidder: ent.name });
  return presentExport((await findExport(app.db, scope, id))!);
}

export async function exportOf(app: AppContext, auth: AuthInfo, id: string): Promise<ExportRow> {
  const row = await findExport(app.db, scopeOf(auth), id);
  if (!row) throw badRequest(WRITE_TEXTS.exportNotFound);
  return row;
}

export async function exportsOf(app: AppContext, auth: AuthInfo, bid: BidRow): Promise<BidExport[]> {
  return (await listExports(app.db, scopeOf(auth), bid.id)).map(presentExport);
}

/** The exported file of a done export. */
export async function exportedFile(app: AppContext, auth: AuthInfo, id: string): Promise<OpenedFile & { mime: string; name: string }> {
  const row = await exportOf(app, auth, id);
  if (row.state === 'failed') throw badRequest(row.error ?? WRITE_TEXTS.exportFailed);
  if (row.state !== 'done' || !row.file_key) throw badRequest(WRITE_TEXTS.exportNotReady);
  const mime = row.format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return { ...(await app.storage.open(row.file_key)), mime, name: row.file_name };
}

/** A deleted bid's exports: their jobs cancelled (a worker building one is killed), their files released. */
export async function dropExportsOfBid(app: AppContext, bidId: string): Promise<void> {
  const ids = (await exportsOfBid(app.db, bidId)).map((r) => r.id);
  for (const id of ids) await app.jobs.cancel(app.db, { kind: EXPORT_KIND, refId: id });
  await deleteExports(app.db, ids);
  await app.storage.release(ids);
}
