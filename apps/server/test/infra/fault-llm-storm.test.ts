/**
 * An LLM vendor storm across two instances (issue 29, faults): the fake OpenAI-compatible vendor answers 429s, 500s and
 * stalls while two server instances (one PostgreSQL, one Redis, both of the test's own) write a bid each. LLM_CONCURRENCY
 * holds per vendor across the instances — the vendor never sees more calls at once than the cap, not cap × instances —
 * a 429's Retry-After holds every instance off, and every section is written once. When the storm outlasts the retries
 * the sections fail with a Chinese message, and writing again later (on the other instance) spends no second copy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '@btz/bid-engine/reading';
import { extractCard, taskIdOf, type TenderFileInput } from '@btz/bid-engine/tender';
import { oracleAnswer } from '../../../../packages/bid-engine/test/fakes/llm-oracle.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from '../../../../packages/bid-engine/test/fakes/openai-server.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { tenderDocx } from '../bid/helpers.js';
import { buyCopies, detail, getInfo, leaves, outlinedBid, section, waitWritten } from '../writing/helpers.js';
import { startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from './own-services.js';

const CAP = 2;
const RETRY_AFTER_MS = 2000;
/** time for a 429 to reach the instance that got it and its hold-off to reach Redis (a loaded machine: generous) */
const GRACE_MS = 500;

/** A section answer in the model's light Markdown, about as long as max_tokens allows. */
function sectionReply(req: FakeRequest): string {
  const budget = Math.max(200, Math.floor((req.maxTokens ?? 1200) * 0.85));
  const task = req.messages[req.messages.length - 1]?.content ?? '';
  const title = /「([^」]{1,40})」/.exec(task)?.[1] ?? '本节';
  const para = `针对${title}，我方结合项目实际制定了具体措施，明确责任分工、工作流程与检查要求，确保各项工作按计划有序推进。`;
  let out = `## ${title}概述\n\n`;
  let i = 1;
  while (out.length < budget) out += `${i++}. ${para}\n\n`;
  return out;
}

describe('an LLM vendor storm across two instances', () => {
  let pgc: OwnPostgres;
  let redis: OwnRedis;
  let llm: FakeOpenAi;
  let a: TestServer;
  let b: TestServer;
  const storage = mkdtempSync(path.join(os.tmpdir(), 'btz-fault-llm-files-'));

  beforeAll(async () => {
    const read = await readDocument(await tenderDocx());
    const files: TenderFileInput[] = [{ name: '招标文件.docx', role: 'main', order: 1, pages: read.pages, chapters: read.chapters }];
    const rule = extractCard(files);
    llm = await startFakeOpenAi({
      tokensPerSecond: 8000,
      chunkTokens: 40,
      reply: (req) => {
        const id = taskIdOf(req.messages);
        return id ? JSON.stringify(oracleAnswer(id, rule, files)) : sectionReply(req);
      },
    });
    [pgc, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    const url = await pgc.createDatabase('btz_fault_llm');
    const overrides = {
      databaseUrl: url,
      redisUrl: redis.url,
      redisPrefix: `btz-fault-${randomBytes(3).toString('hex')}:`,
      tokenSecret: randomBytes(16).toString('hex'),
      storageDir: storage,
      storageShared: true,
      jobPollMs: 50,
      jobRetryBaseMs: 50,
      writeMaxAttempts: 2,
      llmBaseUrl: llm.baseUrl,
      llmModel: 'fake-model',
      llmApiKey: 'k',
      llmConcurrency: CAP,
      llmIdleTimeoutMs: 300,
      llmFirstTokenTimeoutMs: 2000,
      llmBackoffBaseMs: 20,
    };
    a = await startTestServer(overrides, { databaseUrl: url });
    b = await startTestServer(overrides, { databaseUrl: url });
  }, 120_000);
  afterAll(async () => {
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await llm?.close();
    await redis?.destroy();
    await pgc?.destroy();
    rmSync(storage, { recursive: true, force: true });
  }, 60_000);

  it('429s, 500s and stalls: the cap holds over both instances, a Retry-After holds both off, every section written once', async () => {
    const users = await Promise.all([newUser(a), newUser(b)]);
    const [ua, ub] = users;
    await Promise.all([buyCopies(a, ua!.token, 1, 1), buyCopies(b, ub!.token, 1, 1)]);
    const [idA, idB] = await Promise.all([outlinedBid(a, ua!.token, 1), outlinedBid(b, ub!.token, 1)]);

    llm.reset();
    llm.inject({ kind: 'status', status: 429, retryAfterMs: RETRY_AFTER_MS }, 2);
    llm.inject({ kind: 'status', status: 500 }, 3);
    llm.inject({ kind: 'stall', afterTokens: 30 }, 2);
    llm.inject({ kind: 'status', status: 429, retryAfterMs: RETRY_AFTER_MS }, 1);
    for (const [t, u, id] of [
      [a, ua!, idA],
      [b, ub!, idB],
    ] as const) {
      const start = await t.api('/btz/bid/write/start', { token: u.token, query: { id } });
      expect(start.json?.success, start.text).toBe(true);
    }
    const [pa, pb] = await Promise.all([waitWritten(a, ua!.token, idA), waitWritten(b, ub!.token, idB)]);
    for (const p of [pa, pb]) {
      expect(p).toMatchObject({ status: 'written', failed: 0 });
      expect(p.done).toBe(p.total);
    }
    expect(llm.pendingFaults()).toBe(0);
    // never more calls at the vendor than the cap — over both instances, each of which may run CAP sections at once
    expect(llm.stats.maxInFlight).toBeLessThanOrEqual(CAP);
    expect(llm.stats.maxInFlight).toBe(CAP);
    // after each 429 nobody (either instance) called the vendor until its Retry-After was over (after GRACE_MS for the
    // answer to reach the instance that got it and the hold-off to reach Redis)
    const limited = llm.requests.filter((r) => r.status === 429);
    expect(limited).toHaveLength(3);
    for (const r of limited) {
      const at = r.finishedAt ?? r.receivedAt;
      const early = llm.requests.filter((q) => q.receivedAt > at + GRACE_MS && q.receivedAt < at + RETRY_AFTER_MS);
      expect(early.map((q) => q.receivedAt - at), 'calls inside a 429 hold-off').toEqual([]);
      // and the call that got it came back after the wait
      const again = llm.requests.find((q) => q.index > r.index && JSON.stringify(q.messages) === JSON.stringify(r.messages));
      expect(again, 'the 429 call was retried').toBeTruthy();
      expect(again!.receivedAt - at).toBeGreaterThanOrEqual(RETRY_AFTER_MS);
    }
    for (const [t, u, id] of [
      [a, ua!, idA],
      [b, ub!, idB],
    ] as const) {
      const d = await detail(t, u.token, id);
      for (const leaf of leaves(d.outline!)) {
        const s = await section(t, u.token, id, leaf.id);
        expect(s.state, leaf.title).toBe('written');
        expect(s.revision, `${leaf.title} written more than once`).toBe(1);
      }
      expect((await getInfo(t, u.token)).commonBidNumber).toBe(0);
    }
  });

  it('a storm that outlasts the retries fails the sections with a Chinese message; writing again spends no second copy', async () => {
    const u = await newUser(a);
    await buyCopies(a, u.token, 1, 2);
    const id = await outlinedBid(a, u.token, 1);
    llm.reset();
    llm.inject({ kind: 'status', status: 500 }, 100_000);
    const start = await a.api('/btz/bid/write/start', { token: u.token, query: { id } });
    expect(start.json?.success, start.text).toBe(true);
    const failed = await waitWritten(a, u.token, id);
    expect(failed.status).toBe('outlined');
    expect(failed.failed).toBe(failed.total);
    const first = leaves((await detail(a, u.token, id)).outline!)[0]!;
    const s = await section(a, u.token, id, first.id);
    expect(s.state).toBe('failed');
    expect(s.error).toMatch(/大模型/);
    expect(s.error).toMatch(/[\u4e00-\u9fff]/);
    expect(llm.stats.maxInFlight).toBeLessThanOrEqual(CAP);
    expect((await getInfo(a, u.token)).commonBidNumber).toBe(1);

    // the vendor is back: writing again, on the other instance, finishes and spends nothing more
    llm.reset();
    const again = await b.api('/btz/bid/write/start', { token: u.token, query: { id } });
    expect(again.json?.success, again.text).toBe(true);
    const p = await waitWritten(b, u.token, id);
    expect(p).toMatchObject({ status: 'written', failed: 0 });
    expect(p.done).toBe(p.total);
    expect((await getInfo(b, u.token)).commonBidNumber).toBe(1);
  });
});
