/**
 * Commands of the data bank. An upload is sniffed (PDF, DOCX, PNG, JPEG by content; a DOCX's zip directory checked),
 * stored, and its text read in a reading worker (OCR for pictures and scanned PDFs) to propose the fields; the draft
 * keeps the file whatever the reading does — a failed reading shows its error and the user types the fields.
 */
import { DATA_TEXTS, type DataDocDraft, type DataDocExpiringMessage, type DataDocType } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import { sniffDataFile } from '@btz/bid-engine/databank';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { proposeDataFieldsIsolated } from '../../workers/index.js';
import type { Upload } from '../bid/upload.js';
import { dueNotices, markNotified, type DataOwner } from './repo.js';
import { daysBetween, shanghaiToday } from './present.js';

/** A data-bank file: at most this, or UPLOAD_MAX_BYTES when that is lower. */
export const DATA_MAX_BYTES = 30 * 1024 * 1024;
const READ_FAILED = '未能读取文件中的文字，请手动填写各项信息';

export function stemOf(fileName: string): string {
  return (fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || '资料').slice(0, 100);
}

export async function uploadDataDoc(app: AppContext, o: DataOwner, userId: string, upload: Upload): Promise<DataDocDraft> {
  let kind;
  try {
    kind = sniffDataFile(upload.data);
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
  const stored = await app.storage.put(upload.data);
  let readError: string | null = null;
  let chars = 0;
  let proposal: DataDocDraft['proposal'] | null = null;
  try {
    const r = await proposeDataFieldsIsolated(app.config, upload.data);
    chars = r.chars;
    const { name, ...rest } = r.proposal;
    proposal = { ...rest, name: name ?? stemOf(upload.filename) };
    if (!chars) readError = READ_FAILED;
  } catch (e) {
    readError = e instanceof DocumentError ? e.message : READ_FAILED;
    if (!(e instanceof DocumentError)) app.log.warn({ err: e }, 'databank: reading failed');
  }
  proposal ??= { type: '其他', name: stemOf(upload.filename), number: null, creditCode: null, issuer: null, validFrom: null, expiry: null, person: null, client: null };
  const id = newId();
  await app.db
    .insertInto('data_documents')
    .values({
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
      proposal: JSON.stringify(proposal),
      read_error: readError,
      chars,
      notified_expiry: null,
      updated_at: new Date(),
    })
    .execute();
  return { id, fileName: upload.filename, fileKind: kind, size: stored.size, proposal, readError, chars };
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
