/**
 * Writing with a model (the fake OpenAI-compatible server): 429s and stalled streams are retried and nothing is lost or
 * doubled, the number of sections written at once never exceeds LLM_CONCURRENCY, text streams to the user's realtime
 * queue while it is written, and the section prompts share one stable prefix with the section's own task last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '@btz/bid-engine/reading';
import { extractCard } from '@btz/bid-engine/tender';
import { oracleAnswer } from '../../../../packages/bid-engine/test/fakes/llm-oracle.js';
import { taskIdOf } from '@btz/bid-engine/tender';
import type { TenderFileInput } from '@btz/bid-engine/tender';
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from '../../../../packages/bid-engine/test/fakes/openai-server.js';
import { CLIENT_BASIC, newUser, startTestServer, type TestServer } from '../harness.js';
import { tenderDocx } from '../bid/helpers.js';
import { makeClient, subscribeConfirmed, waitUntil } from '../realtime/helpers.js';
import { buyCopies, detail, leaves, outlinedBid, section, waitWritten } from './helpers.js';

const CONCURRENCY = 3;
let t: TestServer;
let llm: FakeOpenAi;

/** A section answer in the model's light Markdown, about as long as max_tokens allows (1 token ≈ 1 CJK char). */
function sectionReply(req: FakeRequest): string {
  const budget = Math.max(200, Math.floor((req.maxTokens ?? 1200) * 0.85));
  const task = req.messages[req.messages.length - 1]?.content ?? '';
  const title = /「([^」]{1,40})」/.exec(task)?.[1] ?? '本节';
  const para = `针对${title}，我方结合项目实际制定了具体措施，明确责任分工、工作流程与检查要求，确保各项工作按计划有序推进并形成闭环管理。`;
  let out = `## ${title}概述\n\n`;
  let i = 1;
  while (out.length < budget) out += `${i++}. ${para}\n\n`;
  return out;
}

beforeAll(async () => {
  const read = await readDocument(await tenderDocx());
  const files: TenderFileInput[] = [{ name: '招标文件.docx', role: 'main', order: 1, pages: read.pages, chapters: read.chapters }];
  const rule = extractCard(files);
  llm = await startFakeOpenAi({
    tokensPerSecond: 4000,
    chunkTokens: 20,
    reply: (req) => {
      const id = taskIdOf(req.messages);
      return id ? JSON.stringify(oracleAnswer(id, rule, files)) : sectionReply(req);
    },
  });
  t = await startTestServer({
    jobPollMs: 50,
    jobRetryBaseMs: 50,
    llmBaseUrl: llm.baseUrl,
    llmModel: 'fake-model',
    llmApiKey: 'k',
    llmConcurrency: CONCURRENCY,
    llmIdleTimeoutMs: 300,
    llmFirstTokenTimeoutMs: 2000,
    llmBackoffBaseMs: 20,
  });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});


describe('writing with a model', () => {
  it('429s and stalls are retried: every leaf written once, within its length, at most LLM_CONCURRENCY at a time', async () => {
    const { token, userId } = await newUser(t);
    const id = await outlinedBid(t, token, 1);
    expect((await detail(t, token, id)).writer).toBe('llm');
    await buyCopies(t, token, 1, 1);

    // listen on the user's bid queue like the workspace does
    const rt = makeClient(t.port, 'websocket', token, {
      connectHeaders: { 'Blade-Auth': `Bearer ${token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' },
    });
    await waitUntil(() => rt.connects.length > 0, 5000, 'realtime connected');
    await subscribeConfirmed(rt, `/user/${userId}/bid`);
    const messages = () => rt.messages.map((m) => JSON.parse(m.body) as { kind: string; data: any });

    llm.reset();
    llm.inject({ kind: 'status', status: 429, retryAfterMs: 30 }, 3);
    llm.inject({ kind: 'stall', afterTokens: 40 }, 2);
    llm.inject({ kind: 'drop', afterTokens: 10 }, 1);
    const start = await t.api('/btz/bid/write/start', { token, query: { id } });
    expect(start.json?.success, start.text).toBe(true);
    const p = await waitWritten(t, token, id);
    expect(p).toMatchObject({ status: 'written', failed: 0 });
    expect(p.done).toBe(p.total);
    expect(llm.pendingFaults()).toBe(0);
    expect(llm.stats.maxInFlight).toBeLessThanOrEqual(CONCURRENCY);
    expect(llm.stats.maxInFlight).toBeGreaterThan(1);

    const d = await detail(t, token, id);
    for (const leaf of leaves(d.outline!)) {
      const s = await section(t, token, id, leaf.id);
      expect(s.state).toBe('written');
      expect(s.revision, leaf.title).toBe(1);
      expect(s.chars, leaf.title).toBeGreaterThan(50);
      if (s.targetChars > 0) {
        // free text: within ±20 % of its target (forms and response tables follow the tender instead)
        expect(s.chars, leaf.title).toBeGreaterThanOrEqual(Math.floor(s.targetChars * 0.8));
        expect(s.chars, leaf.title).toBeLessThanOrEqual(Math.ceil(s.targetChars * 1.2));
      }
      // the text is the model's, not a stalled half: no section ends mid-sentence
      expect(s.text.trim()).toMatch(/[。！？；）」』”.!?)]$/);
    }

    // the user saw text stream in before each section was done, then the section land
    await new Promise((r) => setTimeout(r, 200));
    await rt.client.deactivate();
    const deltas = messages().filter((m) => m.kind === 'bid.delta' && m.data.bidId === id);
    const written = messages().filter((m) => m.kind === 'bid.section' && m.data.state === 'written');
    expect(written.length).toBe(p.total);
    expect(deltas.length).toBeGreaterThan(p.total);
    const first = leaves(d.outline!)[0]!;
    const mine = deltas.filter((m) => m.data.nodeId === first.id);
    let shown = '';
    let last = -1;
    for (const m of mine) {
      if (m.data.seq === 0) shown = m.data.text;
      else if (m.data.seq > last) shown += m.data.text;
      last = m.data.seq;
    }
    expect(shown.length).toBeGreaterThan(100);
    expect(messages().some((m) => m.kind === 'bid.progress' && m.data.bidId === id && m.data.done === p.total)).toBe(true);
  });

  it('section prompts share one stable prefix (card, facts, outline) and end with the section task', async () => {
    const writes = llm.requests.filter((r) => !taskIdOf(r.messages as never));
    expect(writes.length).toBeGreaterThan(2);
    const a = writes[0]!.messages;
    const b = writes.find((r) => r.messages[r.messages.length - 1]!.content !== a[a.length - 1]!.content)!.messages;
    // everything but the last message is identical across sections of one bid
    expect(JSON.stringify(a.slice(0, -1))).toBe(JSON.stringify(b.slice(0, -1)));
    const prefix = a.slice(0, -1).map((m) => m.content).join('\n').length;
    const task = a[a.length - 1]!.content.length;
    expect(prefix).toBeGreaterThan(task);
    // the prefix was served from the vendor's cache on later sections
    const cached = llm.requests.filter((r) => !taskIdOf(r.messages as never)).reduce((n, r) => n + (r.usage?.cached ?? 0), 0);
    expect(cached).toBeGreaterThan(0);
  });
});
