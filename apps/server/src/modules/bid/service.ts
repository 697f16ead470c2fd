/**
 * Commands on bids. Authorisation comes from access.ts (the caller passes the bid it got there); every write goes through
 * the owner-scoped repo. Parsing is a background job: commands that change the files or the lot start a new run.
 */
import type { Kysely } from 'kysely';
import {
  BID_PARSE_STAGES,
  BID_TEXTS,
  REVIEW_TEXTS,
  type BidOutlineNode,
  type BidOutlineResult,
  type BidStatus,
  type OutlineImportResult,
  type TenderFileRole,
} from '@btz/shared';
import { WRITE_KIND } from './writing/service.js';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { DocumentError, FINAL_DOCUMENT_CODES, readDocument, sniffUpload } from '@btz/bid-engine/reading';
import { headingsOfModel, importOutline, parseOutlineText, type ImportedHeading } from '@btz/bid-engine/outline';
import { badRequest } from '../../http/errors.js';
import { enqueue } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import type { AuthInfo } from '../../auth/tokens.js';
import { computeCoverage, generateOutline, resolveLot } from '@btz/bid-engine/tender';
import { cleanOutline, regenerateBranch } from './outline-edit.js';
import { teamOfNewBid } from './access.js';
import { logActivity } from './team/repo.js';
import { reviewsOf } from './review/repo.js';
import { PARSE_KIND, PARSE_PAYLOAD, publishParse } from './parse.js';
import {
  allFileIds,
  findFile,
  insertBid,
  insertFile,
  listFiles,
  nextFileOrd,
  softDeleteBid,
  softDeleteFile,
  startParseRun,
  scopeOfBid,
  updateBid,
  type BidRow,
} from './repo.js';
import { dropExportsOfBid } from './export/service.js';
import type { StagedUpload } from '../../http/upload.js';
import type { StagedFile } from '../../providers/storage/index.js';
import type { bidCalls, CallFields } from '@btz/shared/calls';

export const MAX_FILES_PER_BID = 20;
export const MAX_OUTLINE_NODES = 2000;
const EARLY: readonly BidStatus[] = ['draft', 'parsed', 'outlined'];

/**
 * The sniffed type, or the reader's own Chinese refusal (empty, not a PDF/DOCX/DOC/TXT, a zip bomb…). A staged upload
 * too large to be held is sniffed through its two ends (`sniffUpload`).
 */
function sniff(file: Buffer | Pick<StagedFile, 'head' | 'tail' | 'size'>) {
  try {
    return sniffUpload(Buffer.isBuffer(file) ? { head: file, tail: file, size: file.length } : file);
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
}

/** 招标文件.pdf → 招标文件（2）.pdf when the bid already has a file of that name (page links cite files by name). */
function uniqueName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem}（${n}）${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Points the bid at a new parse run, cancelling older ones (their handlers are aborted; anything they still try to
 * write is refused by parse_job_id). One short transaction; workers are poked after the commit.
 */
async function startParse(app: AppContext, db: Kysely<DB>, bid: Pick<BidRow, 'id' | 'tenant_id' | 'user_id'>): Promise<string> {
  await app.jobs.cancel(db, { kind: PARSE_KIND, refId: bid.id });
  const jobId = await enqueue(db, {
    kind: PARSE_KIND,
    tenantId: bid.tenant_id,
    userId: bid.user_id,
    refId: bid.id,
    payload: PARSE_PAYLOAD.make({ bidId: bid.id }),
    maxAttempts: app.config.jobMaxAttempts,
  });
  await startParseRun(db, bid.id, jobId, BID_PARSE_STAGES.queued);
  return jobId;
}

async function afterParseQueued(app: AppContext, bid: Pick<BidRow, 'id' | 'user_id'>): Promise<void> {
  app.jobs.poke();
  await publishParse(app, bid.user_id, { bidId: bid.id, state: 'queued', progress: 0, stage: BID_PARSE_STAGES.queued });
}

export async function uploadTender(
  app: AppContext,
  auth: AuthInfo,
  upload: StagedUpload,
  fields: CallFields<typeof bidCalls.uploadTender>,
): Promise<{ bidId: string }> {
  const { bidType } = fields;
  const name = (fields.name ?? '').trim() || upload.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  if (!name || name.length > 100) throw badRequest(BID_TEXTS.badName);
  const type = sniff(upload.file);
  const bid = { id: newId(), tenant_id: auth.tenantId, user_id: auth.userId };
  // written in the enterprise role, the bid is the team's (access.ts)
  const enterpriseId = await teamOfNewBid(app, auth);
  const fileId = newId();
  await app.db.transaction().execute(async (trx) => {
    // counted against the quota and stored before the bid exists: a parse failure never loses the upload
    const stored = await app.storage.putStaged(upload.file, { tenantId: auth.tenantId, userId: auth.userId, kind: 'tender', refId: fileId }, trx);
    await insertBid(trx, { ...bid, enterprise_id: enterpriseId, name, bid_type: bidType, lot: null, parse_error: null, parse_job_id: null, writer: app.llm.offline ? 'offline' : 'llm' });
    await insertFile(trx, {
      id: fileId,
      bid_id: bid.id,
      tenant_id: auth.tenantId,
      name: upload.filename,
      role: 'main',
      ord: 1,
      type,
      size: stored.size,
      sha256: stored.sha256,
      storage_key: stored.key,
      chapters: '[]',
      error: null,
    });
    await startParse(app, trx, bid);
    await logActivity(trx, { bidId: bid.id, userId: auth.userId, action: 'create', detail: name });
  });
  await afterParseQueued(app, bid);
  return { bidId: bid.id };
}

export async function addFile(app: AppContext, bid: BidRow, upload: StagedUpload, role: TenderFileRole): Promise<{ fileId: string }> {
  const type = sniff(upload.file);
  const files = await listFiles(app.db, bid.id);
  if (files.length >= MAX_FILES_PER_BID) throw badRequest(BID_TEXTS.tooManyFiles(MAX_FILES_PER_BID));
  const fileId = newId();
  await app.db.transaction().execute(async (trx) => {
    const stored = await app.storage.putStaged(upload.file, { tenantId: bid.tenant_id, userId: bid.user_id, kind: 'tender', refId: fileId }, trx);
    await insertFile(trx, {
      id: fileId,
      bid_id: bid.id,
      tenant_id: bid.tenant_id,
      name: uniqueName(upload.filename, new Set(files.map((f) => f.name))),
      role,
      ord: await nextFileOrd(trx, bid.id),
      type,
      size: stored.size,
      sha256: stored.sha256,
      storage_key: stored.key,
      chapters: '[]',
      error: null,
    });
    await startParse(app, trx, bid);
  });
  await afterParseQueued(app, bid);
  return { fileId };
}

export async function deleteFile(app: AppContext, bid: BidRow, fileId: string): Promise<void> {
  const file = await findFile(app.db, bid.id, { id: fileId });
  if (!file) throw badRequest(BID_TEXTS.fileNotFound);
  const files = await listFiles(app.db, bid.id);
  if (files.length <= 1) throw badRequest(BID_TEXTS.lastFile);
  await app.db.transaction().execute(async (trx) => {
    await softDeleteFile(trx, file.id);
    await startParse(app, trx, bid);
  });
  await app.storage.release([file.id]);
  await afterParseQueued(app, bid);
}

export async function retryParse(app: AppContext, bid: BidRow): Promise<void> {
  // a file that exhausted its reader (a bomb, out of memory or time) is refused with its own message, not read again
  const files = await listFiles(app.db, bid.id);
  const doomed = files.find((f) => f.state === 'failed' && f.error && FINAL_DOCUMENT_CODES.includes(f.error_code as never));
  if (doomed) throw badRequest(files.length > 1 ? `「${doomed.name}」${doomed.error}` : doomed.error!);
  await app.db.transaction().execute((trx) => startParse(app, trx, bid));
  await afterParseQueued(app, bid);
}

export async function selectLot(app: AppContext, auth: AuthInfo, bid: BidRow, choice: string): Promise<void> {
  const lots = bid.card?.lots ?? [];
  if (!bid.card) throw badRequest(bid.parse_state === 'failed' ? bid.parse_error ?? BID_TEXTS.notParsed : BID_TEXTS.notParsed);
  if (lots.length < 2) throw badRequest(BID_TEXTS.noLots);
  const lot = resolveLot(choice, lots);
  if (!lot || !lots.some((l) => l.id === lot)) throw badRequest(BID_TEXTS.badLot);
  await app.db.transaction().execute(async (trx) => {
    const updated = await updateBid(trx, scopeOfBid(bid), bid.id, { lot });
    if (!updated) throw badRequest(BID_TEXTS.notFound);
    await startParse(app, trx, bid);
  });
  await afterParseQueued(app, bid);
}

export async function renameBid(app: AppContext, auth: AuthInfo, bid: BidRow, name: string): Promise<void> {
  const clean = name.trim();
  if (!clean || clean.length > 100) throw badRequest(BID_TEXTS.badName);
  await updateBid(app.db, scopeOfBid(bid), bid.id, { name: clean });
}

export async function deleteBid(app: AppContext, auth: AuthInfo, bid: BidRow): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await app.jobs.cancel(trx, { kind: PARSE_KIND, refId: bid.id });
    await app.jobs.cancel(trx, { kind: WRITE_KIND, refId: bid.id });
    await softDeleteBid(trx, scopeOfBid(bid), bid.id);
  });
  // its files' bytes go back to the user's quota, and their objects go unless another row holds them
  const files = await allFileIds(app.db, bid.id);
  await app.storage.release(files.map((f) => f.id));
  await dropExportsOfBid(app, bid.id);
}

// ---------------------------------------------------------------------------------------------------------------------
// Outline

function cardForOutline(bid: BidRow) {
  if (bid.status === 'writing') throw badRequest(BID_TEXTS.writing);
  if (!bid.card) {
    if (bid.parse_state === 'failed') throw badRequest(bid.parse_error ?? BID_TEXTS.notParsed);
    throw badRequest(bid.parse_state === 'running' || bid.parse_state === 'queued' ? BID_TEXTS.parseRunning : BID_TEXTS.notParsed);
  }
  if (bid.card.lots.length > 1 && !bid.card.lot) throw badRequest(BID_TEXTS.chooseLot);
  return bid.card;
}

/** Every node of an outline by id, with its title. */
function titlesById(nodes: readonly BidOutlineNode[], into = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    into.set(n.id, n.title);
    if (n.children?.length) titlesById(n.children, into);
  }
  return into;
}

/**
 * A section approved in review is locked (access.ts rule 4a): no outline change — saving, importing, regenerating the whole
 * outline or a branch — may drop or rename it; the owner or admin reopens it first.
 */
async function assertApprovedKept(app: AppContext, bid: BidRow, nodes: readonly BidOutlineNode[]): Promise<void> {
  const approved = (await reviewsOf(app.db, bid.id)).filter((r) => r.state === 'approved');
  if (!approved.length) return;
  const before = titlesById(bid.outline ?? []);
  const after = titlesById(nodes);
  for (const r of approved) {
    const title = before.get(r.node_id);
    if (title === undefined) continue; // a node that had already left the outline
    if (after.get(r.node_id) !== title) throw badRequest(REVIEW_TEXTS.lockedInOutline(title));
  }
}

async function storeOutline(app: AppContext, auth: AuthInfo, bid: BidRow, nodes: BidOutlineNode[], edited: boolean): Promise<BidOutlineResult> {
  await assertApprovedKept(app, bid, nodes);
  const coverage = computeCoverage(bid.card?.scoring ?? [], nodes);
  const updated = await updateBid(app.db, scopeOfBid(bid), bid.id, {
    outline: JSON.stringify(nodes),
    coverage: JSON.stringify(coverage),
    outline_edited: edited,
    ...(EARLY.includes(bid.status) ? { status: 'outlined' as const } : {}),
  });
  if (!updated) throw badRequest(BID_TEXTS.notFound);
  return { outline: nodes, coverage };
}

export async function generateBidOutline(app: AppContext, auth: AuthInfo, bid: BidRow): Promise<BidOutlineResult> {
  const card = cardForOutline(bid);
  const { nodes } = generateOutline(card, { bidType: bid.bid_type === 2 ? 2 : 1 });
  return storeOutline(app, auth, bid, nodes, false);
}

export async function saveOutline(app: AppContext, auth: AuthInfo, bid: BidRow, input: unknown): Promise<BidOutlineResult> {
  if (bid.status === 'writing') throw badRequest(BID_TEXTS.writing);
  const nodes = cleanOutline(input, MAX_OUTLINE_NODES);
  return storeOutline(app, auth, bid, nodes, true);
}

/** Largest outline file read (a DOCX of headings is small; its pictures make the rest). */
export const MAX_OUTLINE_FILE_BYTES = 20 * 1024 * 1024;

/** The headings of an outline file: a DOCX's heading styles (or its numbered lines), a TXT's lines. */
async function headingsOfFile(data: Buffer): Promise<ImportedHeading[]> {
  const type = sniff(data);
  if (type !== 'docx' && type !== 'txt') throw badRequest(BID_TEXTS.importFileType);
  try {
    const read = await readDocument(data, { ocr: false, threads: 0 });
    return read.model ? headingsOfModel(read.model) : parseOutlineText(read.pages.map((p) => p.text).join('\n'));
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
}

/**
 * The user's own outline (pasted text or a file) becomes the bid's: the scoring rows mapped onto its sections, the
 * written sections' targets sharing `totalChars`; the rows no section answers come back for the user to place.
 */
export async function importBidOutline(
  app: AppContext,
  auth: AuthInfo,
  bid: BidRow,
  from: { text: string } | { file: Buffer },
  totalChars: number | undefined,
): Promise<OutlineImportResult> {
  const card = cardForOutline(bid);
  if ('text' in from && !from.text.trim()) throw badRequest(BID_TEXTS.noImportText);
  const headings = 'text' in from ? parseOutlineText(from.text) : await headingsOfFile(from.file);
  if (!headings.length) throw badRequest(BID_TEXTS.noHeadings);
  const imported = importOutline(card, headings, { bidType: bid.bid_type === 2 ? 2 : 1, ...(totalChars ? { totalChars } : {}) });
  const stored = await storeOutline(app, auth, bid, cleanOutline(imported.nodes, MAX_OUTLINE_NODES), true);
  return { ...stored, unmapped: imported.unmapped.map((s) => ({ id: s.id, item: s.item, points: s.points, category: s.category })) };
}

export async function regenerateOutlineBranch(app: AppContext, auth: AuthInfo, bid: BidRow, nodeId: string): Promise<BidOutlineResult> {
  const card = cardForOutline(bid);
  if (!bid.outline?.length) throw badRequest(BID_TEXTS.noOutline);
  const nodes = regenerateBranch(bid.outline, nodeId, card, bid.bid_type === 2 ? 2 : 1);
  return storeOutline(app, auth, bid, nodes, true);
}
