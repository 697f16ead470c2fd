/**
 * Length control over HTTP (issue 24 item 4): the user sets the whole bid's target (the outline screen shares it over the
 * written sections and saves the outline); the offline writer writes to it — the written sections add up to near the
 * target the tender's material fills, none past its own target by more than 20 %.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalTarget, withTotalTarget, writtenLeaves, type BidOutlineNode } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { buyCopies, detail, outlinedBid, section, waitWritten } from './helpers.js';

let t: TestServer;
let token: string;
let bidId: string;
let outline: BidOutlineNode[];
const TOTAL = 5000;

beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
  bidId = await outlinedBid(t, token, 1);
  const nodes = withTotalTarget((await detail(t, token, bidId)).outline!, TOTAL);
  const saved = await t.api('/btz/bid/outline/save', { token, query: { id: bidId }, body: { nodes } });
  expect(saved.json?.success, saved.text).toBe(true);
  outline = saved.json.data.outline as BidOutlineNode[];
  await buyCopies(t, token, 1);
  const start = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
  expect(start.json?.success, start.text).toBe(true);
  expect((await waitWritten(t, token, bidId)).status).toBe('written');
});
afterAll(async () => {
  await t?.close();
});

describe('the whole bid’s length target (issue 24 item 4)', () => {
  it('is kept by the saved outline and written to by the offline writer', async () => {
    expect(Math.abs(totalTarget(outline) - TOTAL)).toBeLessThan(20);
    let sum = 0;
    for (const leaf of writtenLeaves(outline)) {
      const s = await section(t, token, bidId, leaf.id);
      expect(s.targetChars).toBe(leaf.targetChars);
      sum += s.chars;
    }
    expect(sum / TOTAL, `${sum}/${TOTAL}`).toBeGreaterThanOrEqual(0.7);
    expect(sum / TOTAL, `${sum}/${TOTAL}`).toBeLessThanOrEqual(1.2);
  });
});
