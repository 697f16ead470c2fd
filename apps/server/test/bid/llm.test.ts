/**
 * The parse with a model configured (the fake OpenAI-compatible server answering like an ideal model): the card comes
 * from the LLM path cross-checked by the rules, the bid is labelled `llm`, and every token is counted on the bid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTS } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import type { FakeOpenAi } from '../../../../packages/bid-engine/test/fakes/openai-server.js';
import { startOracleModel } from '../../../../packages/bid-engine/test/fakes/oracle-model.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';
import { tenderDocx, uploadTender, waitParse } from './helpers.js';

let t: TestServer;
let llm: FakeOpenAi;
beforeAll(async () => {
  ({ llm } = await startOracleModel(await tenderDocx()));
  t = await startTestServer({ jobPollMs: 50, llmBaseUrl: llm.baseUrl, llmModel: 'fake-model', llmApiKey: 'k' });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

describe('parse with a model', () => {
  it('builds the card on the LLM path, labels the bid llm and counts its tokens', async () => {
    const { token } = await newUser(t);
    const bidId = await uploadTender(t, token, { name: '招标文件.docx', data: await tenderDocx() });
    const d = await waitParse(t, token, bidId);
    expect(d.parse, JSON.stringify(d.parse)).toMatchObject({ state: 'done' });
    expect(d.writer).toBe('llm');
    expect(['llm', 'merged']).toContain(d.card!.writer);
    expect(d.card!.projectNumber).toMatchObject({ value: FACTS.projectNumber, verified: true });
    expect(d.coverage!.every((c) => c.nodeIds.length > 0)).toBe(true);
    expect(llm.requests.length).toBeGreaterThan(5);
    // usage listeners run as calls finish: wait for the last update to land
    const served = llm.requests.reduce((n, r) => n + (r.usage?.prompt ?? 0), 0);
    let usage = d.usage;
    if (usage.prompt !== served)
      usage = await waitForJob({
        what: `usage of bid ${bidId} reaching ${served} prompt tokens`,
        read: async () => (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data.usage as typeof usage,
        until: (u) => u.prompt === served,
        view: (u) => u,
        quietMs: 30_000,
      });
    expect(usage.prompt).toBeGreaterThan(0);
    expect(usage.completion).toBeGreaterThan(0);
    expect(usage.prompt).toBe(served);
  });
});
