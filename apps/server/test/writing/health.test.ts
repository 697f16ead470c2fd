/**
 * The stored health result over HTTP (issue 13 item 3): checked when writing ends, answered from storage while nothing
 * changed (and so after a reload, with its time), recomputed after a section is saved, `force=1` recomputing; coverage by
 * points in the answer (a section whose text does not respond to its row is not counted); the score below passing for a
 * bid full of blanks.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PASSING_SCORE, type BidHealth, type BidOutlineNode } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { SCORING_ROWS, TENDER_PAGES } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { uploadTender, waitParse } from '../bid/helpers.js';
import { buyCopies, detail, outlinedBid, section, waitWritten } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await t?.close();
});

async function health(token: string, id: string, force = false): Promise<BidHealth> {
  const res = await t.api('/btz/bid/health', { token, query: force ? { id, force: '1' } : { id } });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as BidHealth;
}

const walk = (nodes: BidOutlineNode[], fn: (n: BidOutlineNode) => void) => nodes.forEach((n) => (fn(n), walk(n.children ?? [], fn)));

describe('the health result is stored with the bid and re-run after edits', () => {
  let token: string;
  let bidId: string;
  beforeAll(async () => {
    token = (await newUser(t)).token;
    bidId = await outlinedBid(t, token, 1);
    await buyCopies(t, token, 1, 1);
    const res = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
    expect(res.json?.success, res.text).toBe(true);
    await waitWritten(t, token, bidId);
  });

  it('is checked when writing ends and stored with its time', async () => {
    const db = t.server.app.ctx.db;
    // the job checks right after settling the run; poll briefly for the row (never a fixed sleep)
    let row;
    for (let i = 0; i < 100 && !row; i++) {
      row = await db.selectFrom('bid_health').select(['result', 'basis', 'checked_at']).where('bid_id', '=', bidId).executeTakeFirst();
      if (!row) await new Promise((r) => setTimeout(r, 50));
    }
    expect(row).toBeTruthy();
    const h = await health(token, bidId);
    expect(h.time).toBe(row!.result.time);
    expect(h.score).toBe(row!.result.score);
    expect(h.coverage!.rows.length).toBeGreaterThan(0);
  });

  it('a bid written offline with hundreds of blanks scores below passing and says why', async () => {
    const h = await health(token, bidId);
    expect(h.placeholders!.count).toBeGreaterThan(0);
    if (h.placeholders!.count >= 100) {
      expect(h.score).toBeLessThan(HEALTH_PASSING_SCORE);
      expect(h.capped!.reasons.join('')).toContain('【待填写】');
    }
  });

  it('a read answers the stored result while nothing changed (so a reload shows it), and recomputes after a save', async () => {
    const db = t.server.app.ctx.db;
    // mark the stored result: a read that answers it proves it was not recomputed
    await db
      .updateTable('bid_health')
      .set({ result: sql`jsonb_set(result, '{time}', '"2000-01-01 00:00:00"')` })
      .where('bid_id', '=', bidId)
      .execute();
    expect((await health(token, bidId)).time).toBe('2000-01-01 00:00:00');
    expect((await health(token, bidId)).time).toBe('2000-01-01 00:00:00');

    // a non-price row answered by one section: replace that section's text with prose that does not respond to it
    const before = await health(token, bidId, true);
    expect(before.time).not.toBe('2000-01-01 00:00:00');
    const d = await detail(t, token, bidId);
    const byId = new Map<string, BidOutlineNode>();
    walk(d.outline!, (n) => byId.set(n.id, n));
    const leavesUnder = (n: BidOutlineNode): BidOutlineNode[] => (n.children?.length ? n.children.flatMap(leavesUnder) : [n]);
    const row = before.coverage!.rows.find((r) => r.state === 'answered' && r.nodeIds.length === 1)!;
    expect(row, JSON.stringify(before.coverage!.rows.map((r) => [r.item, r.state, r.nodeIds]))).toBeTruthy();
    const nodeId = row.nodeIds[0]!;
    await db.updateTable('bid_health').set({ result: sql`jsonb_set(result, '{time}', '"2000-01-01 00:00:00"')` }).where('bid_id', '=', bidId).execute();

    // every section under the row's node: prose of the right length that names none of the row's points
    for (const [k, leaf] of leavesUnder(byId.get(nodeId)!).entries()) {
      const s = await section(t, token, bidId, leaf.id);
      const filler = Array.from({ length: 12 }, (_, i) => `第${k + 1}.${i + 1}条：我公司将认真对待本次投标，严格遵守有关规定，做好第${i + 1}阶段的各项准备。`).join('');
      const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: filler }] }] };
      const saved = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision: s.revision, doc } });
      expect(saved.json?.success, saved.text).toBe(true);
    }

    const after = await health(token, bidId);
    expect(after.time).not.toBe('2000-01-01 00:00:00'); // recomputed, not the stored one
    const again = after.coverage!.rows.find((r) => r.scoringId === row.scoringId)!;
    expect(again.state).toBe('unanswered');
    expect(after.coverage!.answered).toBe(before.coverage!.answered - 1);
    expect(after.coverage!.percent).toBeLessThan(100);
    const f = after.findings.find((x) => x.kind === 'unanswered-scoring' && x.refId === row.scoringId)!;
    expect(f).toMatchObject({ severity: 'high', nodeId });
    expect(after.score).toBeLessThan(HEALTH_PASSING_SCORE);
    expect(after.capped!.reasons.join('')).toContain('评分项未响应');
    // and that result is now the stored one
    const stored = await db.selectFrom('bid_health').select('result').where('bid_id', '=', bidId).executeTakeFirstOrThrow();
    expect(stored.result.time).toBe(after.time);
    expect(stored.result.score).toBe(after.score);
  });

  it('refuses a bad force value in Chinese, and another user cannot read the result', async () => {
    const bad = await t.api('/btz/bid/health', { token, query: { id: bidId, force: 'yes' } });
    expect(bad.json).toMatchObject({ success: false });
    expect(bad.json.msg).toMatch(/重新检查/);
    const other = (await newUser(t)).token;
    const res = await t.api('/btz/bid/health', { token: other, query: { id: bidId } });
    expect(res.json?.success).toBe(false);
  });
});

describe('a scoring table the reader could not fully find', () => {
  it('is unknown in the coverage, never 100 %, and a high finding that caps the score', async () => {
    const token = (await newUser(t)).token;
    // the tender prints 满分 100 分 but its table holds only 55 points of rows (技术方案 30 and 实施计划 15 missing)
    const pages = TENDER_PAGES.map((blocks) =>
      blocks.map((b) => (b.kind === 'table' && b.rows === SCORING_ROWS ? { ...b, rows: SCORING_ROWS.filter((r) => r[0] !== '技术方案' && r[0] !== '实施计划') } : b)),
    );
    const id = await uploadTender(t, token, { name: '招标文件.docx', data: await buildTenderDocx(pages) });
    const d = await waitParse(t, token, id);
    expect(d.parse.state).toBe('done');
    expect(d.card!.scoring.map((s) => s.item)).toEqual(['售后服务', '类似业绩', '投标报价']);
    if (!d.outline?.length) expect((await t.api('/btz/bid/outline/generate', { token, query: { id } })).json?.success).toBe(true);

    const h = await health(token, id);
    expect(h.coverage!.unknown).toMatchObject({ points: 45 });
    expect(h.coverage!.percent).toBeLessThan(100);
    const f = h.findings.find((x) => x.kind === 'unanswered-scoring' && x.nodeId === null)!;
    expect(f.severity).toBe('high');
    expect(f.message).toContain('45 分');
    expect(h.score).toBeLessThan(HEALTH_PASSING_SCORE);
  });
});
