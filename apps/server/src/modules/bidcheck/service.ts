/**
 * Commands of the bid checks (issue 15): start a check of an uploaded file or of a bid written here (stored, then run as
 * the job `bid-check`), and the bidder's identity the 暗标 check searches for (the owner's enterprise facts).
 */
import * as z from 'zod';
import type { Kysely } from 'kysely';
import type { bidCheckCalls, CallFields } from '@btz/shared/calls';
import { BID_CHECK_TEXTS, type BidCheckKind, type EnterpriseInfo } from '@btz/shared';
import { DocumentError, sniffUpload } from '@btz/bid-engine/reading';
import type { BidderIdentity } from '@btz/bid-engine/bidcheck';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { queueRowJob, jobPayload } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import type { AuthInfo } from '../../auth/tokens.js';
import type { StagedUpload } from '../../http/upload.js';
import type { StagedFile } from '../../providers/storage/index.js';
import { bidToRead } from '../bid/access.js';
import { insertCheckRow, ownerDataDocs } from './repo.js';
import type { Owner } from '../enterprise/owner.js';
import { readInfo } from '../enterprise/index.js';
import type { Holder } from '../entitlements/index.js';

export const CHECK_KIND = 'bid-check';
/** the job's payload, version 1 (jobs/payload.ts) */
export const CHECK_PAYLOAD = jobPayload(1, z.strictObject({ checkId: z.string().min(1) }));

/**
 * DOCX, PDF or DOC by content (seen through its two ends when too large to hold; a zip bomb refused from its directory);
 * anything else is refused in Chinese.
 */
function sniffBid(file: StagedFile): 'docx' | 'pdf' | 'doc' {
  try {
    const type = sniffUpload(file);
    if (type !== 'docx' && type !== 'pdf' && type !== 'doc') throw badRequest(BID_CHECK_TEXTS.fileType);
    return type;
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
}

/** The tender a check reads: one of the caller's bids whose card exists. */
async function tenderOf(app: AppContext, auth: AuthInfo, bidId: string) {
  let bid;
  try {
    bid = await bidToRead(app, auth, bidId);
  } catch {
    throw badRequest(BID_CHECK_TEXTS.bidNotFound);
  }
  if (!bid.card) throw badRequest(BID_CHECK_TEXTS.noCard);
  return bid;
}

export async function startUpload(
  app: AppContext,
  o: Owner,
  auth: AuthInfo,
  upload: StagedUpload,
  { kind, bidId }: CallFields<typeof bidCheckCalls.upload>,
): Promise<{ id: string }> {
  if (kind === 'reject' && !bidId) throw badRequest('请选择投标文件对应的招标项目');
  if (!upload.file.size) throw badRequest('文件为空，请重新选择');
  const bid = bidId ? await tenderOf(app, auth, bidId) : null;
  const type = sniffBid(upload.file);
  const id = newId();
  const stored = await app.storage.putStaged(upload.file, { tenantId: o.tenantId, userId: auth.userId, kind: 'bidcheck', refId: id });
  return insertCheck(app, o, auth.userId, id, { kind, source: 'upload', bid_id: bid?.id ?? null, file_name: upload.filename.slice(0, 200) || '投标文件', file_type: type, size: stored.size, storage_key: stored.key });
}

/** The 暗标 check of a bid written here: its sections and export settings, its tender's rules. */
export async function startBidCheck(app: AppContext, o: Owner, auth: AuthInfo, bidId: string): Promise<{ id: string }> {
  const bid = await tenderOf(app, auth, bidId);
  if (!bid.outline) throw badRequest(BID_CHECK_TEXTS.noOutline);
  return insertCheck(app, o, auth.userId, newId(), { kind: 'anonymity', source: 'bid', bid_id: bid.id, file_name: bid.name.slice(0, 200), file_type: null, size: 0, storage_key: null });
}

async function insertCheck(
  app: AppContext,
  o: Owner,
  userId: string,
  id: string,
  v: { kind: BidCheckKind; source: 'upload' | 'bid'; bid_id: string | null; file_name: string; file_type: 'docx' | 'pdf' | 'doc' | null; size: number; storage_key: string | null },
): Promise<{ id: string }> {
  await app.db.transaction().execute(async (trx) => {
    await insertCheckRow(trx, { id, tenant_id: o.tenantId, owner_type: o.holder.type, owner_id: o.holder.id, user_id: userId, ...v, error: null, result: null, job_id: null, updated_at: new Date() });
    await queueCheck(app, trx, { id, tenant_id: o.tenantId, user_id: userId });
  });
  app.jobs.poke();
  return { id };
}

export async function queueCheck(app: AppContext, db: Kysely<DB>, row: { id: string; tenant_id: string; user_id: string }): Promise<void> {
  await queueRowJob(app, db, { table: 'bid_checks', kind: CHECK_KIND, row, payload: CHECK_PAYLOAD.make({ checkId: row.id }) });
}

type DataDoc = Awaited<ReturnType<typeof ownerDataDocs>>[number];

/**
 * What the checks know of the bidder: the owner's enterprise info and its data bank (资料库: certificate holders, numbers,
 * credit codes, expiries) — lapsed certificates too.
 */
export async function loadBidder(app: AppContext, tenantId: string, holder: Holder) {
  const info = await readInfo(app.db, tenantId, holder);
  const docs = await ownerDataDocs(app.db, tenantId, holder);
  const bidder = bidderOf(info, docs);
  const qualifications = [
    ...info.qualifications.map((q) => ({ name: q.name, number: q.number || undefined, expiry: q.expiry || undefined })),
    ...docs.filter((d) => d.expiry).map((d) => ({ name: d.name, number: d.number || undefined, expiry: d.expiry || undefined })),
  ];
  return { info, bidder, qualifications };
}

/** What the 暗标 check looks for: everything the owner entered about itself (lapsed certificates too). */
export function bidderOf(info: EnterpriseInfo, docs: DataDoc[] = []): BidderIdentity & { roles: Record<string, string> } {
  const roles: Record<string, string> = {};
  for (const s of info.staff) if (s.name && (s.role || s.title)) roles[s.name] = s.role || s.title;
  for (const c of info.contacts) if (c.name && c.role) roles[c.name] ??= c.role;
  return {
    name: info.name || undefined,
    legalRep: info.legalRep || undefined,
    address: info.address || undefined,
    creditCode: info.creditCode || undefined,
    people: [...new Set([...info.staff.map((s) => s.name), ...info.contacts.map((c) => c.name), ...docs.map((d) => d.person ?? '')].filter(Boolean))],
    phones: info.contacts.map((c) => c.phone).filter(Boolean),
    numbers: [
      ...new Set(
        [...info.qualifications.map((q) => q.number), ...info.staff.map((s) => s.certificate ?? ''), ...docs.flatMap((d) => [d.number ?? '', d.credit_code ?? ''])].filter(
          (n) => n && n.length >= 6,
        ),
      ),
    ],
    roles,
  };
}
