/**
 * Full-text writing of a bid (issue 6; CONVENTIONS.md Entitlements and Bids): start (spend once, queue one durable job per
 * leaf), progress, cancel (refund when nothing was written), sections read and saved with a revision check, finish.
 *
 * Every change that decides something runs in one short transaction that first locks the bid row, so a double click on
 * 一键生成全文 queues and spends once: the second call waits for the first, then finds the bid writing. No transaction is
 * ever open while a model writes (the jobs run outside, job.ts).
 */
import type { Transaction } from 'kysely';
import {
  BID_TEXTS,
  PRESENCE_STALE_MS,
  PRINTED_PART_NOTE,
  SECTION_HISTORY_MERGE_MINUTES,
  WRITE_TEXTS,
  maskPhone,
  textDiff,
  type EditorJson,
  type SectionContent,
  type SectionHistoryEntry,
  type SectionRevisionContent,
  type SectionSaveBody,
  type SectionSaved,
  type WriteProgress,
} from '@btz/shared';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, readOnlyBid } from '../../../http/errors.js';
import * as z from 'zod';
import { enqueue, jobPayload, type PayloadOf } from '../../../jobs/index.js';
import { newId } from '../../../lib/ids.js';
import { formatTime } from '../../../lib/time.js';
import { refundSpend, spendCopy } from '../../entitlements/index.js';
import type { BidRow } from '../repo.js';
import { logActivity, logEdit, presenceOf, writerStillReads } from '../team/repo.js';
import { moveDataImages } from '../../pictures/inline.js';
import { ownerOf } from '../../enterprise/owner.js';
import { countChars, docToText, htmlToDoc, validateDoc } from '@btz/bid-engine/content';
import { ACTIVE_STATES, DONE_STATES, findNode, FORM_GUIDE_CHARS, leavesOf, inPrintedPart, progressFrom, type LeafInfo } from './sections.js';
import {
  bidById,
  cancelActiveSections,
  ensureSectionRows,
  findSection,
  lockBidRow,
  lockSection,
  markBidFinished,
  historyEntry,
  historyOfSection,
  queueSections,
  recordHistory,
  saveEditedSection,
  sectionRows,
  sectionStates,
  setBidStatus,
  setSpendLedger,
  type SectionRow,
} from './repo.js';

export const WRITE_KIND = 'write-section';
/** Longest section text a save may carry (characters). */
export const SECTION_MAX_CHARS = 200_000;

/** the writing job's payload, version 1 (jobs/payload.ts) */
export const WRITE_PAYLOAD = jobPayload(1, z.strictObject({ bidId: z.string().min(1), nodeId: z.string().min(1), runId: z.string().min(1) }));
export type WriteJobPayload = PayloadOf<typeof WRITE_PAYLOAD>;

/** Locks and re-reads the bid inside `trx` (the row the writing decisions hang on). */
async function lockBid(trx: Transaction<DB>, id: string): Promise<BidRow> {
  const row = await lockBidRow(trx, id, { live: true });
  if (!row) throw badRequest(BID_TEXTS.notFound);
  return row;
}

export async function progressOf(app: AppContext, bidId: string): Promise<WriteProgress> {
  const bid = await bidById(app.db, bidId);
  return progressFrom(bid, await sectionRows(app.db, bidId));
}

/**
 * Who hears a bid's live writing (bid.progress, bid.section, bid.delta): its owner and everyone who has the bid open now —
 * team members on the workspace (their presence, PRESENCE_STALE_MS). A member who opens the bid later reads the state.
 */
export async function bidAudience(app: AppContext, bid: Pick<BidRow, 'id' | 'user_id' | 'enterprise_id'>): Promise<string[]> {
  const [viewers, writer] = await Promise.all([
    presenceOf(app.db, bid.id, PRESENCE_STALE_MS).catch((err: unknown) => {
      app.log.warn({ err }, 'bid audience: presence not read');
      return [];
    }),
    // a writer who has left the team no longer reads its bid (access.ts rule 5)
    writerStillReads(app.db, bid).catch(() => false),
  ]);
  return [...new Set([...(writer ? [bid.user_id] : []), ...viewers.map((v) => v.user_id)])];
}

/** Sends one live-writing message to each of `audience` (a failed publish is logged, never thrown). */
export async function publishTo(app: AppContext, audience: readonly string[], kind: string, data: unknown): Promise<void> {
  await Promise.all(
    audience.map((u) =>
      app.realtime.publish(u, kind, data).catch((err: unknown) => {
        app.log.warn({ err, kind }, 'writing publish failed');
      }),
    ),
  );
}

export async function publishProgress(app: AppContext, bid: Pick<BidRow, 'id' | 'user_id' | 'enterprise_id'>): Promise<WriteProgress> {
  const p = await progressOf(app, bid.id);
  await publishTo(app, await bidAudience(app, bid), 'bid.progress', { bidId: bid.id, ...p });
  return p;
}

/**
 * 一键生成全文: queues every leaf that is empty, failed or cancelled. Spends one copy of the bid's version (or a VIP
 * privilege) the first time; later starts of the same bid are free. A bid already writing answers its progress.
 */
/** `actorUserId`: who starts it (the ledger names that person; a team's bid spends the team's entitlements). */
export async function startWriting(app: AppContext, bidIn: BidRow, actorUserId = bidIn.user_id): Promise<WriteProgress> {
  if (bidIn.parse_state !== 'done') throw badRequest(bidIn.parse_state === 'failed' ? BID_TEXTS.notParsed : WRITE_TEXTS.parseRunning);
  if (!bidIn.outline || !bidIn.outline.length) throw badRequest(WRITE_TEXTS.noOutline);
  const queued = await app.db.transaction().execute(async (trx) => {
    const bid = await lockBid(trx, bidIn.id);
    if (bid.status === 'finished') throw readOnlyBid();
    if (bid.status === 'writing') return 0;
    const leaves = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1);
    if (!leaves.length) throw badRequest(WRITE_TEXTS.noLeaves);
    await ensureSectionRows(trx, bid, leaves);
    const rows = new Map((await sectionRows(trx, bid.id)).map((r) => [r.node_id, r]));
    const todo = leaves.filter((l) => !DONE_STATES.includes(rows.get(l.node.id)?.state ?? 'empty'));
    if (!todo.length) {
      if (bid.status !== 'written') await setBidStatus(trx, bid.id, { status: 'written' });
      return 0;
    }
    if (!bid.spend_ledger_id) {
      const spent = await spendCopy(trx, {
        tenantId: bid.tenant_id,
        userId: actorUserId,
        enterpriseId: bid.enterprise_id,
        bidType: bid.bid_type === 2 ? 2 : 1,
        monthlyCap: app.config.vipMonthlyBidCap,
        ref: bid.id,
      });
      await setSpendLedger(trx, bid.id, spent.ledgerId);
    }
    const runId = newId();
    // Longest first (the shortest makespan at a bounded concurrency), document order among equals: claim order follows
    // run_after, so give each job its own instant in the recent past.
    const size = (l: LeafInfo) => l.targetChars || FORM_GUIDE_CHARS; // what the writer is asked for
    const order = todo.map((l, i) => ({ l, i })).sort((a, b) => size(b.l) - size(a.l) || a.i - b.i);
    const base = Date.now() - order.length - 1000;
    for (const [k, { l }] of order.entries()) {
      await enqueue(trx, {
        kind: WRITE_KIND,
        tenantId: bid.tenant_id,
        userId: bid.user_id,
        refId: bid.id,
        payload: WRITE_PAYLOAD.make({ bidId: bid.id, nodeId: l.node.id, runId }),
        maxAttempts: app.config.writeMaxAttempts,
        runAfter: new Date(base + k),
      });
    }
    await queueSections(trx, bid.id, todo.map((l) => l.node.id), runId);
    await setBidStatus(trx, bid.id, { status: 'writing', write_run_id: runId });
    await logActivity(trx, { bidId: bid.id, userId: actorUserId, action: 'write', detail: `${todo.length} 节` });
    return todo.length;
  });
  if (queued) app.jobs.poke();
  return publishProgress(app, bidIn);
}

/**
 * Stops a writing: queued and running sections become `cancelled` (a running model call is aborted; what it wrote is
 * dropped). The copy stays spent when any section of the bid holds text, else it is refunded. Idempotent.
 */
export async function cancelWriting(app: AppContext, bidIn: BidRow): Promise<WriteProgress> {
  await app.db.transaction().execute(async (trx) => {
    const bid = await lockBid(trx, bidIn.id);
    if (bid.status === 'finished') throw readOnlyBid();
    if (bid.status !== 'writing') return;
    await app.jobs.cancel(trx, { kind: WRITE_KIND, refId: bid.id });
    await cancelActiveSections(trx, bid.id, ACTIVE_STATES);
    const rows = await sectionRows(trx, bid.id);
    const anyText = rows.some((r) => DONE_STATES.includes(r.state));
    let spend = bid.spend_ledger_id;
    if (!anyText && spend) {
      await refundSpend(trx, { tenantId: bid.tenant_id, ledgerId: spend, actorUserId: bid.user_id });
      spend = null;
    }
    await setBidStatus(trx, bid.id, { status: settledStatus(bid, rows), write_run_id: null, spend_ledger_id: spend });
  });
  return publishProgress(app, bidIn);
}

/** The status of a bid that is not writing: `written` when every leaf holds text, else `outlined`. */
export function settledStatus(bid: Pick<BidRow, 'outline' | 'bid_type'>, rows: readonly Pick<SectionRow, 'node_id' | 'state'>[]): 'written' | 'outlined' {
  const states = new Map(rows.map((r) => [r.node_id, r.state]));
  const leaves = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1);
  return leaves.length > 0 && leaves.every((l) => DONE_STATES.includes(states.get(l.node.id) ?? 'empty')) ? 'written' : 'outlined';
}

/**
 * After a section of run `runId` settled (written or failed for good): when nothing of the run is queued or writing any
 * more, the bid leaves `writing`. Returns true when it did.
 */
export async function settleRunIfDone(app: AppContext, bidId: string, runId: string): Promise<boolean> {
  return app.db.transaction().execute(async (trx) => {
    const bid = await lockBidRow(trx, bidId, { live: false });
    if (!bid || bid.status !== 'writing' || bid.write_run_id !== runId) return false;
    const rows = await sectionStates(trx, bidId);
    const leafIds = new Set(leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).map((l) => l.node.id));
    if (rows.some((r) => leafIds.has(r.node_id) && ACTIVE_STATES.includes(r.state))) return false;
    await setBidStatus(trx, bidId, { status: settledStatus(bid, rows), write_run_id: null });
    return true;
  });
}

function presentSection(bid: BidRow, nodeId: string, title: string, target: number, row: SectionRow | undefined): SectionContent {
  return {
    nodeId,
    title,
    state: row?.state ?? 'empty',
    doc: row?.doc ?? null,
    text: row?.text ?? '',
    chars: row?.chars ?? 0,
    targetChars: target,
    revision: row?.revision ?? 0,
    error: row?.state === 'failed' ? (row.error ?? null) : null,
    updateTime: row ? formatTime(row.updated_at) : null,
  };
}

/** Saves of one section by one person within this span are one 「编辑了章节」 entry of the activity log (and of its history). */
const EDIT_MERGE_MS = SECTION_HISTORY_MERGE_MINUTES * 60_000;

function leafOf(bid: BidRow, nodeId: string) {
  const node = findNode(bid.outline, nodeId);
  if (!node) throw badRequest(BID_TEXTS.nodeNotFound);
  const leaf = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === nodeId);
  if (!leaf) throw badRequest(inPrintedPart(bid.outline, nodeId) ? PRINTED_PART_NOTE : WRITE_TEXTS.notLeaf);
  return leaf;
}

export async function getSection(app: AppContext, bid: BidRow, nodeId: string): Promise<SectionContent> {
  const leaf = leafOf(bid, nodeId);
  return presentSection(bid, nodeId, leaf.node.title, leaf.targetChars, await findSection(app.db, bid.id, nodeId));
}

/** The editor JSON of a save: a document validated (and cleaned) against the schema, or HTML sanitised and converted. */
export function docOfSave(body: SectionSaveBody): EditorJson {
  if (body.doc !== undefined) {
    const v = validateDoc(body.doc);
    if (!v.ok) throw badRequest(v.error);
    return v.doc;
  }
  if (typeof body.html === 'string') return htmlToDoc(body.html);
  throw badRequest(WRITE_TEXTS.badDoc);
}

/** Who saves a section, and how: a person's edit (the default) or a restore of an older history entry. */
export interface SaveBy {
  userId: string;
  source?: 'edit' | 'restore';
  restoredFrom?: number;
}

/**
 * Saves a section edited by hand: refused while the AI writes it, refused when `revision` is not the stored one (someone
 * saved since — the client keeps its text). The section becomes `edited` (the writer never overwrites it), and its
 * history records who saved what (issue 27).
 */
export async function saveSection(app: AppContext, bidIn: BidRow, nodeId: string, body: SectionSaveBody, by: SaveBy): Promise<SectionSaved> {
  const leaf = leafOf(bidIn, nodeId);
  // images are files: a pasted image still sent inline goes into the bid owner's picture library first
  const owner = await ownerOf(app.db, { tenantId: bidIn.tenant_id, userId: bidIn.user_id });
  const { doc } = await moveDataImages(app, owner, bidIn.user_id, docOfSave(body));
  const text = docToText(doc);
  const chars = countChars(text);
  if (chars > SECTION_MAX_CHARS) throw badRequest(WRITE_TEXTS.tooLong(SECTION_MAX_CHARS));
  const saved = await app.db.transaction().execute(async (trx) => {
    const bid = await lockBid(trx, bidIn.id);
    if (bid.status === 'finished') throw readOnlyBid();
    await ensureSectionRows(trx, bid, [leaf]);
    const row = await lockSection(trx, bid.id, nodeId);
    if (row.state === 'writing') throw badRequest(WRITE_TEXTS.sectionBusy);
    if (row.revision !== body.revision) throw badRequest(WRITE_TEXTS.staleRevision, { revision: row.revision });
    const next = await saveEditedSection(trx, bid.id, nodeId, { doc, text, chars, revision: row.revision + 1 });
    await recordHistory(
      trx,
      { tenantId: bid.tenant_id, bidId: bid.id, nodeId, revision: next.revision, source: by.source ?? 'edit', userId: by.userId, restoredFrom: by.restoredFrom, doc, text, chars },
      SECTION_HISTORY_MERGE_MINUTES,
    );
    if (bid.status === 'outlined' || bid.status === 'written') {
      const rows = await sectionStates(trx, bid.id);
      const status = settledStatus(bid, rows);
      if (status !== bid.status) await setBidStatus(trx, bid.id, { status });
    }
    await logEdit(trx, { bidId: bid.id, userId: by.userId, nodeId, detail: leaf.node.title }, EDIT_MERGE_MS);
    return next;
  });
  // everyone else who has the bid open sees it at once: the outline's dot turns to 已手动修改, an open copy of the section
  // re-reads its text (it replaces it only when the reader has nothing unsaved). Not the saver: its editor holds the text,
  // and a re-read racing its next autosave could move the caret.
  // (a personal bid is read by its owner alone, the saver: no one else to tell, so autosave reads no presence for it)
  if (bidIn.enterprise_id) {
    const others = (await bidAudience(app, bidIn)).filter((u) => u !== by.userId);
    await publishTo(app, others, 'bid.section', { bidId: bidIn.id, nodeId, state: 'edited', chars: saved.chars, revision: saved.revision });
  }
  return { revision: saved.revision, chars: saved.chars, doc: saved.doc ?? doc, updateTime: formatTime(saved.updated_at) };
}

type HistoryListRow = Awaited<ReturnType<typeof historyOfSection>>[number];
function presentEntry(r: HistoryListRow): SectionHistoryEntry {
  return {
    id: r.id,
    revision: r.revision,
    source: r.source,
    author: r.source === 'writer' ? null : r.nick_name?.trim() || maskPhone(r.phone) || '未命名用户',
    chars: r.chars,
    restoredFrom: r.restored_from,
    createTime: formatTime(r.created_at),
    updateTime: formatTime(r.updated_at),
  };
}

/** A section's history, newest first (issue 27). */
export async function sectionHistory(app: AppContext, bid: BidRow, nodeId: string): Promise<SectionHistoryEntry[]> {
  leafOf(bid, nodeId);
  return (await historyOfSection(app.db, bid.id, nodeId)).map(presentEntry);
}

async function entryOf(app: AppContext, bid: BidRow, nodeId: string, revisionId: string) {
  leafOf(bid, nodeId);
  const entry = await historyEntry(app.db, bid.id, nodeId, revisionId);
  if (!entry) throw badRequest(WRITE_TEXTS.revisionNotFound);
  return entry;
}

/** One history entry's text and the diff from it to the section's current text. */
export async function sectionRevision(app: AppContext, bid: BidRow, nodeId: string, revisionId: string): Promise<SectionRevisionContent> {
  const entry = await entryOf(app, bid, nodeId, revisionId);
  const now = await findSection(app.db, bid.id, nodeId);
  const current = now?.text ?? '';
  return { entry: presentEntry(entry), text: entry.text, diff: textDiff(entry.text, current), current: { revision: now?.revision ?? 0, chars: now?.chars ?? 0 } };
}

/**
 * Brings a history entry back as the section's text: saved like an edit (the same refusals: a stale `revision`, a
 * section the AI is writing, a finished bid), recorded as a restore — a new revision, the older ones all kept.
 */
export async function restoreRevision(app: AppContext, bid: BidRow, nodeId: string, revisionId: string, revision: number, userId: string): Promise<SectionSaved> {
  const entry = await entryOf(app, bid, nodeId, revisionId);
  const now = await findSection(app.db, bid.id, nodeId);
  if (now && now.revision === entry.revision) throw badRequest(WRITE_TEXTS.revisionIsCurrent);
  if (!entry.doc) throw badRequest(WRITE_TEXTS.revisionNotFound);
  return saveSection(app, bid, nodeId, { revision, doc: entry.doc }, { userId, source: 'restore', restoredFrom: entry.revision });
}

/** 完成编写: every leaf must hold text; the bid becomes read-only for good (export stays available). */
export async function finishBid(app: AppContext, bidIn: BidRow, byUserId = bidIn.user_id): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const bid = await lockBid(trx, bidIn.id);
    if (bid.status === 'finished') return;
    if (bid.status === 'writing') throw badRequest(BID_TEXTS.writing);
    const rows = await sectionStates(trx, bid.id);
    if (settledStatus(bid, rows) !== 'written') throw badRequest(WRITE_TEXTS.notWritten);
    await markBidFinished(trx, bid.id);
    await logActivity(trx, { bidId: bid.id, userId: byUserId, action: 'finish' });
  });
}
