import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenOutline, totalTarget, withTotalTarget, writtenLeaves, type BidOutlineNode } from '@btz/shared';
import { MAIN_FILE } from '../../test/fixtures/tender-pages.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.js';
import { testClient } from '../../test/llm/helpers.js';
import { extractCard, generateOutline } from '../tender/index.js';
import { buildFactSheet, writeSectionOffline } from './index.js';
import { writeSectionLlm } from './llm-section.js';
import type { SectionPromptInput } from './prompts.js';

/**
 * Length control (issue 24 item 4): the whole bid's target, shared over the written sections (withTotalTarget), is what
 * both writers are asked for. The model path lands within ±20 % of it; the offline writer never runs past it and, with a
 * target at or below what the tender and the facts give, lands near it — above that it stays short rather than pad.
 */
const card = extractCard([MAIN_FILE]);
const facts = buildFactSheet(card, { bidType: 1 });

function inputs(total: number): SectionPromptInput[] {
  const nodes = withTotalTarget(generateOutline(card, { bidType: 1 }).nodes, total);
  expect(Math.abs(totalTarget(nodes) - total)).toBeLessThan(20);
  const byId = new Map(flattenOutline(nodes).map((n) => [n.id, n]));
  return writtenLeaves(nodes).map((node: BidOutlineNode) => {
    const parents: string[] = [];
    for (let p = byId.get(node.parentId); p; p = byId.get(p.parentId)) parents.unshift(p.title);
    const siblings = (node.parentId ? byId.get(node.parentId)!.children : nodes).map((x) => x.title);
    return { card, node, parentTitles: parents, siblingTitles: siblings, facts, targetChars: node.targetChars!, bidType: 1, outline: nodes };
  });
}

describe('the whole bid’s length target', () => {
  it('offline: near a target the tender’s material fills, never past a larger one', () => {
    const small = 5000;
    const written = inputs(small).reduce((a, x) => a + writeSectionOffline(x).chars, 0);
    expect(written / small, `${written}/${small}`).toBeGreaterThanOrEqual(0.7);
    expect(written / small, `${written}/${small}`).toBeLessThanOrEqual(1.2);
    const large = 60_000;
    const long = inputs(large).map((x) => ({ target: x.targetChars, chars: writeSectionOffline(x).chars }));
    expect(long.reduce((a, x) => a + x.chars, 0)).toBeLessThanOrEqual(large);
    for (const x of long) expect(x.chars).toBeLessThanOrEqual(x.target * 1.2);
  });

  describe('on the fake model', () => {
    let fake: FakeOpenAi;
    beforeAll(async () => {
      // a model that writes as much as it is given room for (1 token ≈ 1 CJK character), in whole sentences
      fake = await startFakeOpenAi({
        tokensPerSecond: Infinity,
        reply: (req) => {
          const budget = Math.max(100, Math.floor((req.maxTokens ?? 1200) * 0.8));
          const task = req.messages[req.messages.length - 1]?.content ?? '';
          const title = /「([^」]{1,40})」/.exec(task)?.[1] ?? '本节';
          let out = '';
          for (let i = 1; out.length < budget; i++) out += `${i}. 针对${title}第${i}项要求，我方按招标文件逐条落实，写明做法、责任与检查方式。\n\n`;
          return out;
        },
      });
    });
    afterAll(() => fake.close());

    it('lands within ±20 % of the whole target, each section within ±20 % of its share', async () => {
      for (const total of [8000, 30_000]) {
        let sum = 0;
        for (const x of inputs(total)) {
          const r = await writeSectionLlm(testClient(fake), x, {});
          sum += r.chars;
          expect(r.chars / x.targetChars, `${x.node.title}: ${r.chars}/${x.targetChars}`).toBeGreaterThanOrEqual(0.8);
          expect(r.chars / x.targetChars, `${x.node.title}: ${r.chars}/${x.targetChars}`).toBeLessThanOrEqual(1.2);
        }
        expect(Math.abs(sum - total) / total, `${sum}/${total}`).toBeLessThanOrEqual(0.2);
      }
    });
  });
});
