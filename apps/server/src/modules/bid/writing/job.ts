/**
 * Job kind `write-section`: one durable job per leaf (payload `{ bidId, nodeId, runId }`, ref_id = the bid), run by the
 * workers of jobs/runner.ts at most LLM_CONCURRENCY at once per process, retried with backoff (WRITE_MAX_ATTEMPTS).
 *
 * Exactly once: the text is stored in ONE statement at the end, inside `fence()` (commits only while this worker still
 * owns the job), and the row records the job that wrote it. A worker killed mid-stream leaves nothing half-saved and the
 * job is re-queued; one killed after the commit but before the job was marked done is re-run, finds its own `job_id` on
 * the section and stops. No transaction is open while the model writes.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Job, JobDefinition, JobRunContext } from '../../../jobs/index.js';
import { loadEnterpriseFacts } from '../../enterprise/index.js';
import { factsWithBank } from '../../databank/qualify.js';
import { authorSection } from './author.js';
import { checkHealthAfterWriting } from './health.js';
import { findSection, leavesOf } from './sections.js';
import { publishProgress, settleRunIfDone, WRITE_KIND, WRITE_PAYLOAD, type WriteJobPayload } from './service.js';

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

async function publish(app: AppContext, userId: string, kind: string, data: unknown): Promise<void> {
  try {
    await app.realtime.publish(userId, kind, data);
  } catch (err) {
    app.log.warn({ err, kind }, 'writing publish failed');
  }
}

async function settle(app: AppContext, p: WriteJobPayload): Promise<void> {
  // the run ended: check the bid now, so its health result is waiting when the user opens the panel
  if (await settleRunIfDone(app, p.bidId, p.runId)) await checkHealthAfterWriting(app, p.bidId);
  const bid = await app.db.selectFrom('bids').select(['id', 'user_id']).where('id', '=', p.bidId).executeTakeFirst();
  if (bid) await publishProgress(app, bid);
}

async function markSection(app: AppContext, job: Job<WriteJobPayload>, state: 'queued' | 'failed', error: string): Promise<void> {
  const { bidId, nodeId, runId } = job.payload;
  const row = await app.db
    .updateTable('bid_sections')
    .set({ state, error, updated_at: sql`now()` })
    .where('bid_id', '=', bidId)
    .where('node_id', '=', nodeId)
    .where('run_id', '=', runId)
    .where('state', 'in', ['queued', 'writing'])
    .returning('bid_id')
    .executeTakeFirst();
  if (row && job.userId) await publish(app, job.userId, 'bid.section', { bidId, nodeId, state, error });
}

export async function runWriteSection(app: AppContext, job: Job<WriteJobPayload>, ctx: JobRunContext): Promise<unknown> {
  const { bidId, nodeId, runId } = job.payload;
  const bid = await app.db
    .selectFrom('bids')
    .selectAll()
    .where('id', '=', bidId)
    .where('tenant_id', '=', job.tenantId ?? '')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
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
    await app.db
      .updateTable('bid_sections')
      .set({ state: 'cancelled', updated_at: sql`now()` })
      .where('bid_id', '=', bidId)
      .where('node_id', '=', nodeId)
      .execute();
    await settle(app, job.payload);
    return { skipped: 'node left the outline' };
  }
  const marked = await app.db
    .updateTable('bid_sections')
    .set({ state: 'writing', updated_at: sql`now()` })
    .where('bid_id', '=', bidId)
    .where('node_id', '=', nodeId)
    .where('run_id', '=', runId)
    .where('state', 'in', ['queued', 'writing'])
    .returning('bid_id')
    .executeTakeFirst();
  if (!marked) return { skipped: 'changed meanwhile' };
  await publish(app, bid.user_id, 'bid.section', { bidId, nodeId, state: 'writing' });
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
    void publish(app, bid.user_id, 'bid.delta', { bidId, nodeId, seq: seq++, text });
  };
  // the enterprise facts, completed from the data bank (its licence code, valid certificates, 业绩合同)
  const enterprise = await factsWithBank(app, bid, await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id }));
  let authored;
  try {
    authored = await authorSection(app, bid, leaf, {
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

  const saved = await ctx.fence((trx) =>
    trx
      .updateTable('bid_sections')
      .set({
        doc: JSON.stringify(authored.doc),
        text: authored.text,
        chars: authored.chars,
        state: 'written',
        revision: sql`revision + 1`,
        job_id: job.id,
        error: null,
        written_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('bid_id', '=', bidId)
      .where('node_id', '=', nodeId)
      .where('run_id', '=', runId)
      .where('state', '=', 'writing')
      .returning('revision')
      .executeTakeFirst(),
  );
  if (saved) await publish(app, bid.user_id, 'bid.section', { bidId, nodeId, state: 'written', chars: authored.chars });
  await settle(app, job.payload);
  return { chars: authored.chars, saved: !!saved };
}
