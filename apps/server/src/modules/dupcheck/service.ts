/**
 * Commands of the duplicate check: a draft check gets its files one by one (sniffed by content — DOCX, PDF or DOC — a
 * zip bomb refused from its directory; a PDF's inflation is checked by the reader in its worker), then is started as the job `dupcheck`.
 */
import * as z from 'zod';
import type { Kysely } from 'kysely';
import { DUPCHECK_LIMITS, DUPCHECK_TEXTS as T, type DupCheckFile } from '@btz/shared';
import { DocumentError, sniffUpload } from '@btz/bid-engine/reading';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { queueRowJob, jobPayload } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import type { StagedUpload } from '../../http/upload.js';
import type { StagedFile } from '../../providers/storage/index.js';
import { addFile, findCheck, insertCheckRow, queueDraft, type DupCheckRow } from './repo.js';
import type { Owner } from '../enterprise/owner.js';

export const DUPCHECK_KIND = 'dupcheck';
/** the job's payload, version 1 (jobs/payload.ts) */
export const DUPCHECK_PAYLOAD = jobPayload(1, z.strictObject({ checkId: z.string().min(1) }));

export async function createCheck(app: AppContext, o: Owner, userId: string, name: string): Promise<{ id: string }> {
  const id = newId();
  await insertCheckRow(app.db, { id, tenant_id: o.tenantId, owner_type: o.holder.type, owner_id: o.holder.id, user_id: userId, name, error: null, files: '[]', report: null, risk: null, score: null, job_id: null, updated_at: new Date() });
  return { id };
}

/**
 * DOCX, PDF or DOC by content (seen through its two ends when too large to hold); anything else, a bomb or a broken
 * file refused in Chinese.
 */
function sniffBidFile(file: StagedFile): 'docx' | 'pdf' | 'doc' {
  try {
    const type = sniffUpload(file);
    if (type !== 'docx' && type !== 'pdf' && type !== 'doc') throw badRequest(T.fileType);
    return type;
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
}

export async function uploadFile(app: AppContext, o: Owner, id: string, role: 'bid' | 'tender', upload: StagedUpload): Promise<DupCheckFile> {
  const row = await findCheck(app.db, o, id);
  if (!row) throw badRequest(T.notFound);
  if (row.state !== 'draft') throw badRequest(T.notDraft);
  const type = sniffBidFile(upload.file);
  const ref = dupFileRef(id, upload.file.key);
  const stored = await app.storage.putStaged(upload.file, { tenantId: o.tenantId, userId: row.user_id, kind: 'dupcheck', refId: ref });
  const name = (upload.filename || '未命名文件').slice(0, 200);
  const index = await addFile(app.db, o, id, { name, role, type, size: stored.size, key: stored.key }, role === 'bid' ? DUPCHECK_LIMITS.maxBids : 1);
  if (index === undefined) {
    await app.storage.releaseOne(ref, stored.key);
    const again = await findCheck(app.db, o, id);
    if (!again) throw badRequest(T.notFound);
    if (again.state !== 'draft') throw badRequest(T.notDraft);
    throw badRequest(role === 'bid' ? T.tooManyBids : T.oneTender);
  }
  return { index, name, role, type, size: stored.size };
}

/** The storage ledger's holder of one file of a check (a file is removed alone, a check with all its files). */
export const dupFileRef = (checkId: string, key: string) => `${checkId}:${key}`;

export async function startCheck(app: AppContext, row: DupCheckRow): Promise<void> {
  if (row.state !== 'draft') throw badRequest(T.notDraft);
  const bids = row.files.filter((f) => f.role === 'bid').length;
  if (bids < DUPCHECK_LIMITS.minBids) throw badRequest(T.tooFewBids);
  if (bids > DUPCHECK_LIMITS.maxBids) throw badRequest(T.tooManyBids);
  await app.db.transaction().execute(async (trx) => {
    // only a draft starts: two clicks at once enqueue one job
    if (!(await queueDraft(trx, row.id))) throw badRequest(T.notDraft);
    await queueCheck(app, trx, row);
  });
  app.jobs.poke();
}

export async function queueCheck(app: AppContext, db: Kysely<DB>, row: { id: string; tenant_id: string; user_id: string }): Promise<void> {
  await queueRowJob(app, db, { table: 'dup_checks', kind: DUPCHECK_KIND, row, payload: DUPCHECK_PAYLOAD.make({ checkId: row.id }) });
}
