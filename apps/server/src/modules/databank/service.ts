/**
 * Commands of the data bank. An upload is sniffed (PDF, DOCX, PNG, JPEG by content; a DOCX's zip directory checked),
 * stored, and its text read by the job `databank-read` (job.ts: a reading worker, OCR for pictures and scanned PDFs) to
 * propose the fields; the draft keeps the file whatever the reading does — a failed reading shows its error and the user
 * types the fields. Deleting the document cancels its reading.
 */
import * as z from 'zod';
import { DATA_TEXTS, type DataDocDraft, type DataDocExpiringMessage, type DataDocType } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import { sniffDataUpload } from '@btz/bid-engine/databank';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueue, jobPayload } from '../../jobs/index.js';
import type { StagedUpload } from '../../http/upload.js';
import { deleteDataDoc, dueNotices, findDataDoc, insertDataDoc, markNotified, setReadJob, updateReading, type DataDocRow } from './repo.js';
import type { Owner } from '../enterprise/owner.js';
import { daysBetween, shanghaiToday } from '../../lib/dates.js';

/** A data-bank file: at most this, or UPLOAD_MAX_BYTES when that is lower. */
export const DATA_MAX_BYTES = 30 * 1024 * 1024;

export function stemOf(fileName: string): string {
  return (fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || '资料').slice(0, 100);
}

export const READ_KIND = 'databank-read';
/** the job's payload, version 1 (jobs/payload.ts) */
export const READ_PAYLOAD = jobPayload(1, z.strictObject({ docId: z.string().min(1) }));

/** The fields proposed before the text is read: the name from the file's, the rest empty. */
const blankProposal = (fileName: string): DataDocDraft['proposal'] => ({
  type: '其他',
  name: stemOf(fileName),
  number: null,
  creditCode: null,
  issuer: null,
  validFrom: null,
  expiry: null,
  person: null,
  client: null,
});

/**
 * Stores the upload (counted against the quota) as a draft and queues the reading of its text (job `databank-read`,
 * DATABANK_READ_CONCURRENCY at once per process): the call answers at once; `draft` answers again once read.
 */
export async function uploadDataDoc(app: AppContext, o: Owner, userId: string, upload: StagedUpload): Promise<DataDocDraft> {
  let kind;
  try {
    // seen whole, or through its two ends when it was too large to hold while it streamed in
    kind = sniffDataUpload(upload.file);
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
  const id = newId();
  const stored = await app.storage.putStaged(upload.file, { tenantId: o.tenantId, userId, kind: 'databank', refId: id });
  await app.db.transaction().execute(async (trx) => {
    await insertDataDoc(trx, {
      id,
      tenant_id: o.tenantId,
      owner_type: o.holder.type,
      owner_id: o.holder.id,
      created_by: userId,
      name: stemOf(upload.filename),
      number: null,
      credit_code: null,
      issuer: null,
      valid_from: null,
      expiry: null,
      person: null,
      client: null,
      year: null,
      amount_fen: null,
      tags: '[]',
      file_name: upload.filename.slice(0, 200) || `${stemOf(upload.filename)}.${kind}`,
      file_kind: kind,
      size: stored.size,
      storage_key: stored.key,
      proposal: JSON.stringify(blankProposal(upload.filename)),
      read_error: null,
      read_state: 'queued',
      read_job_id: null,
      read_notice: null,
      chars: 0,
      notified_expiry: null,
      updated_at: new Date(),
    });
    const jobId = await enqueue(trx, { kind: READ_KIND, tenantId: o.tenantId, userId, refId: id, payload: READ_PAYLOAD.make({ docId: id }), maxAttempts: 1 });
    await setReadJob(trx, id, jobId);
  });
  app.jobs.poke();
  return presentDraft((await findDataDoc(app.db, o, id))!);
}

/** A draft as the upload screen shows it: the proposal once read, the blank one before. */
export function presentDraft(row: DataDocRow): DataDocDraft {
  return {
    id: row.id,
    fileName: row.file_name,
    fileKind: row.file_kind,
    size: Number(row.size),
    proposal: (row.proposal as DataDocDraft['proposal'] | null) ?? blankProposal(row.file_name),
    readError: row.read_error,
    chars: row.chars,
    readState: row.read_state,
    readNotice: row.read_notice,
  };
}

/** The user saved the fields of a draft still being read: nobody waits for the reading any more, so it stops. */
export async function stopReading(app: AppContext, row: DataDocRow): Promise<void> {
  if (row.read_state !== 'queued' && row.read_state !== 'running') return;
  await app.jobs.cancel(app.db, { kind: READ_KIND, refId: row.id });
  await updateReading(app.db, row.id, row.read_job_id, { read_state: 'done' });
}

/** The document goes: its reading is cancelled (the reading process killed), its row deleted, its bytes released. */
export async function removeDataDoc(app: AppContext, o: Owner, id: string): Promise<boolean> {
  if (!(await findDataDoc(app.db, o, id))) return false;
  await app.jobs.cancel(app.db, { kind: READ_KIND, refId: id });
  if (!(await deleteDataDoc(app.db, o, id))) return false;
  await app.storage.release([id]);
  return true;
}

/**
 * The 30-day notice (`databank.expiring` on the creator's `/user/{id}/notice`): every saved document expiring within
 * DATA_LIMITS.noticeDays whose notice for this expiry was not sent yet — once per document and expiry, whichever server
 * process marks it first sends it. Run at start, daily, and after a save.
 */
export async function sendExpiryNotices(app: AppContext, days: number, now = new Date()): Promise<number> {
  const today = shanghaiToday(now);
  let sent = 0;
  for (const row of await dueNotices(app.db, today, days)) {
    if (!(await markNotified(app.db, row.id, row.expiry!))) continue;
    const data: DataDocExpiringMessage = { docId: row.id, name: row.name, type: row.type as DataDocType, expiry: row.expiry!, daysLeft: daysBetween(today, row.expiry!) };
    await app.realtime.publish(row.created_by, 'databank.expiring', data);
    sent++;
  }
  return sent;
}

export { DATA_TEXTS };
