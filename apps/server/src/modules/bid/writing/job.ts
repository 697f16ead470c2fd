/**
 * Job kind `write-section`: one durable job per leaf (payload `{ bidId, nodeId, runId }`, ref_id = the bid), run by the
 * workers of jobs/runner.ts at most LLM_CONCURRENCY at once per process, retried with backoff (WRITE_MAX_ATTEMPTS).
 *
 * Exactly once: the text is stored in ONE statement at the end, inside `fence()` (commits only while this worker still
 * owns the job), and the row records the job that wrote it. A worker killed mid-stream leaves nothing half-saved and the
 * job is re-queued; one killed after the commit but before the job was marked done is re-run, finds its own `job_id` on
 * the section and stops. No transaction is open while the model writes.
 */
import { SECTION_HISTORY_MERGE_MINUTES } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import type { Job, JobDefinition, JobRunContext } from '../../../jobs/index.js';
import { loadEnterpriseFacts } from '../../enterprise/index.js';
import { bankBlocksForLeaf, factsWithBank } from '../../databank/qualify.js';
import { referencesForSection, reuseForSection } from '../../repository/service.js';
import type { BidRow } from '../repo.js';
import type { LeafInfo } from './sections.js';
import { authorSection, writesWithModel, type SectionMaterial } from './author.js';
import { checkHealthAfterWriting } from './health.js';
import { leavesOf } from './sections.js';
import { bidUser, cancelSection, findSection, liveBid, markSectionOfRun, recordHistory, saveWrittenSection } from './repo.js';
import { bidAudience, publishProgress, publishTo, settleRunIfDone, WRITE_KIND, WRITE_PAYLOAD, type WriteJobPayload } from './service.js';

/** Deltas are batched for this long before they are pushed (fewer, larger realtime messages). */
const DELTA_FLUSH_MS = 120;

export function writeSectionJob(app: AppContext): JobDefinition<WriteJobPayload> {
  return {
    kind: WRITE_KIND,
    payload: WRITE_PAYLOAD,
    concurrency: app.config.llmConcurrency,
    run: (job, ctx) => runWriteSection(app, job, ctx),
    onRetry: (job, error) => markSection(app, job, 'queued', error),
    onFailed: async (job, error) => {
      await markSection(app, job, 'failed', error);
      await settle(app, job.payload);
    },
    describeError: (err) => {
      const msg = err instanceof Error ? err.message : String(err);
      return /[\u4e00-\u9fff]/.test(msg) ? msg : `章节编写失败：${msg}`;
    },
  };
}

/** A live-writing message to the bid's audience: its owner and whoever has it open (service.ts bidAudience). */
async function publish(app: AppContext, bid: { id: string; user_id: string; enterprise_id: string | null }, kind: string, data: unknown): Promise<void> {
  await publishTo(app, await bidAudience(app, bid), kind, data);
}

async function settle(app: AppContext, p: WriteJobPayload): Promise<void> {
  // the run ended: check the bid now, so its health result is waiting when the user opens the panel
  if (await settleRunIfDone(app, p.bidId, p.runId)) await checkHealthAfterWriting(app, p.bidId);
  const bid = await bidUser(app.db, p.bidId);
  if (bid) await publishProgress(app, bid);
}

async function markSection(app: AppContext, job: Job<WriteJobPayload>, state: 'queued' | 'failed', error: string): Promise<void> {
  const { bidId, nodeId, runId } = job.payload;
  const row = await markSectionOfRun(app.db, { bidId, nodeId, runId }, { state, error });
  const bid = row ? await bidUser(app.db, bidId) : undefined;
  if (bid) await publish(app, bid, 'bid.section', { bidId, nodeId, state, error });
}

export async function runWriteSection(app: AppContext, job: Job<WriteJobPayload>, ctx: JobRunContext): Promise<unknown> {
  const { bidId, nodeId, runId } = job.payload;
  const bid = await liveBid(app.db, bidId, job.tenantId ?? '');
  if (!bid || bid.status !== 'writing' || bid.write_run_id !== runId) return { skipped: 'stale run' };
  const row = await findSection(app.db, bidId, nodeId);
  if (row && row.job_id === job.id && (row.state === 'written' || row.state === 'edited')) {
    // written by an earlier attempt of this very job whose worker died before marking the job done
    await settle(app, job.payload);
    return { skipped: 'already written' };
  }
  if (!row || row.run_id !== runId || (row.state !== 'queued' && row.state !== 'writing')) {
    await settle(app, job.payload);
    return { skipped: row?.state ?? 'no section' };
  }
  const leaf = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === nodeId);
  if (!leaf) {
    await cancelSection(app.db, bidId, nodeId);
    await settle(app, job.payload);
    return { skipped: 'node left the outline' };
  }
  const marked = await markSectionOfRun(app.db, { bidId, nodeId, runId }, { state: 'writing' });
  if (!marked) return { skipped: 'changed meanwhile' };
  await publish(app, bid, 'bid.section', { bidId, nodeId, state: 'writing' });
  // the section's text streams to whoever had the bid open when its writing began
  const audience = await bidAudience(app, bid);
  await publishProgress(app, bid);

  // Stream: seq restarts at 0 on every attempt and on every restart of a model call; a seq-0 message replaces what the
  // client shows for the section, later ones append.
  let full = '';
  let pending = '';
  let seq = 0;
  let reset = true;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending && !reset) return;
    const text = reset ? full : pending;
    pending = '';
    reset = false;
    void publishTo(app, audience, 'bid.delta', { bidId, nodeId, seq: seq++, text });
  };
  // the enterprise facts, completed from the data bank (its licence code, valid certificates, 业绩合同)
  const enterprise = await factsWithBank(app, bid, await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id }));
  const material = await gatherMaterial(app, bid, leaf);
  let authored;
  try {
    authored = await authorSection(app, bid, leaf, material, {
      signal: ctx.signal,
      enterprise,
      onDelta: (t) => {
        full += t;
        pending += t;
        timer ??= setTimeout(flush, DELTA_FLUSH_MS);
      },
      onRestart: (validLength) => {
        full = full.slice(0, validLength);
        pending = '';
        seq = 0;
        reset = true;
        flush();
      },
    });
  } finally {
    if (timer) clearTimeout(timer);
    timer = null;
  }
  flush();

  const saved = await ctx.fence(async (trx) => {
    const stored = await saveWrittenSection(trx, { bidId, nodeId, runId }, job.id, authored);
    // the section's history (issue 27) holds what the writer wrote, beside each person's saves
    if (stored) {
      const h = { tenantId: bid.tenant_id, bidId, nodeId, revision: stored.revision, source: 'writer' as const, userId: null, doc: authored.doc, text: authored.text, chars: authored.chars };
      await recordHistory(trx, h, SECTION_HISTORY_MERGE_MINUTES);
    }
    return stored;
  });
  if (saved) await publish(app, bid, 'bid.section', { bidId, nodeId, state: 'written', chars: authored.chars });
  await settle(app, job.payload);
  return { chars: authored.chars, saved: !!saved };
}

/**
 * The section's material from the libraries, for the author: the owner's 知识库 passages on its subject (a section the
 * AI writes: as the model's references, or adapted by the offline writer) and its 资料库 blocks (qualification chapters).
 */
async function gatherMaterial(app: AppContext, bid: BidRow, leaf: LeafInfo): Promise<SectionMaterial> {
  const fromRepository = leaf.node.mode === 'ai';
  const model = writesWithModel(app, bid);
  return {
    references: fromRepository && model ? await referencesForSection(app, bid, leaf.node, leaf.parentTitles) : [],
    reuse: fromRepository && !model ? await reuseForSection(app, bid, leaf.node, leaf.parentTitles) : [],
    bank: await bankBlocksForLeaf(app, bid, leaf.node.id),
  };
}
